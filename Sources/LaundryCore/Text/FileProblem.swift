/// Why a file laundry reads or writes cannot be used, as facts (`errno`, size, field): Rendering words them.
public enum FileProblem: Equatable, Sendable {
    /// A system call on it failed with this `errno`.
    case system(Int32)
    case symbolicLink
    case notARegularFile
    case tooLarge(bytes: Int64, limit: Int)
    case grewWhileRead(limit: Int)
    /// Something other than a folder is where laundry's home folder must be.
    case homeNotAFolder
    /// A runtime folder laundry would keep its locks in is not the user's own, private folder.
    case runtimeFolderNotAFolder
    case runtimeFolderOfAnotherUser
    case runtimeFolderOpenToOthers(mode: UInt32)
    /// A record could not be encoded: a bug in laundry.
    case notEncodable
    case notADeviceID
    case idDoesNotMatchFileName
    case loadOfAnotherPet
    /// A field holds a value laundry never writes (a count below zero, a load of two days).
    case implausible(field: String)
    case listsNoKinds
    case missing
    /// inotify refused to watch it.
    case unwatchable(call: String, code: Int32)
    case json(JSONProblem)
}

/// Why a JSON file did not decode: where, never `DecodingError`'s dump.
public enum JSONProblem: Equatable, Sendable {
    case notJSON
    /// The coding path, dotted (`cycle.value.load`); empty at the top.
    case malformedValue(at: String)
    case missingField(String, at: String)
    case wrongType(at: String)
}
