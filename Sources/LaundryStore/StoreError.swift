import LaundryCore

/// What the files refuse: one that cannot be read or written, a pet saved by a newer laundry, a
/// data file or config file that is missing or broken. Data only; the command line words it.
public enum StoreError: Error, Equatable, Sendable {
    /// A file that could not be read: `reason` says why in a few words.
    case unreadable(path: String, reason: String)
    case unwritable(path: String, reason: String)
    case newerSchema(pet: String, path: String, version: Int)
    /// Another pet already has this name (names are unique without regard to case).
    case nameTaken(String)
    case dataFolderMissing(searched: [String])
    case dataFileBroken(path: String, reason: String)
    case configBroken(path: String, reason: String)
    /// `config.json` reads, but a setting in it is wrong.
    case configInvalid(path: String, problem: ConfigProblem)

    /// The few words after the path, for warnings that carry them on.
    public var reason: String {
        switch self {
        case .unreadable(_, let reason), .unwritable(_, let reason), .dataFileBroken(_, let reason),
            .configBroken(_, let reason):
            return reason
        case .newerSchema(_, _, let version): return "it was saved by a newer laundry (schema \(version))"
        case .dataFolderMissing: return "the data folder is missing"
        case .nameTaken(let name): return "a pet called '\(name)' already exists"
        case .configInvalid: return "a setting in it is wrong"
        }
    }
}
