import FoundationEssentials
import LaundryCore

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The per-pet files under `LAUNDRY_HOME`: reading them (setting corrupt ones aside), and changing a
/// pet under its lock with atomic writes in an order that a crash at any point cannot make
/// inconsistent.
public struct PetStore: Sendable {
    public let paths: LaundryPaths
    /// False for a reader that must change nothing (`laundry doctor`): corrupt files are only reported.
    public let setsAsideCorruptFiles: Bool

    public init(paths: LaundryPaths, setsAsideCorruptFiles: Bool = true) {
        self.paths = paths
        self.setsAsideCorruptFiles = setsAsideCorruptFiles
    }

    // MARK: Reading

    public struct Snapshot: Sendable {
        public var states: [PetState]
        public var problems: [StoreProblem]

        public init(states: [PetState], problems: [StoreProblem]) {
            self.states = states
            self.problems = problems
        }
    }

    /// Every pet with its timer. Corrupt files are set aside and reported; they never stop the rest.
    public func loadAll() -> Snapshot {
        var problems: [StoreProblem] = []
        var states: [PetState] = []
        var petNames = PosixFile.listFolder(paths.pets)
        var timerNames = PosixFile.listFolder(paths.timers)
        if setsAsideCorruptFiles {
            PosixFile.removeAbandonedTemporaries(in: paths.pets, names: petNames)
            PosixFile.removeAbandonedTemporaries(in: paths.timers, names: timerNames)
            // Another machine's copies and releases first, so nothing below reads a stale pet.
            let reconciled = reconcile(petNames: petNames, timerNames: timerNames)
            if !reconciled.isEmpty {
                problems += reconciled
                petNames = PosixFile.listFolder(paths.pets)
                timerNames = PosixFile.listFolder(paths.timers)
            }
        } else {
            problems += waitingCopies(petNames: petNames, timerNames: timerNames)
        }
        // A pet whose file a sync engine is replacing is missing from the listing for a moment.
        let arriving = PosixFile.namesArriving(petNames).filter { !petNames.contains($0) }
        for name in (petNames + arriving).sorted() {
            guard let id = LaundryPaths.id(fromFileName: name, suffix: ".json") else { continue }
            do {
                guard let pet = try readPet(id, problems: &problems) else { continue }
                states.append(PetState(pet: pet))
            } catch {
                problems.append(.unreadable(path: paths.petFile(id), reason: Self.reason(error)))
            }
        }
        var index: [UUID: Int] = [:]
        for (position, state) in states.enumerated() { index[state.pet.id] = position }
        for name in timerNames + PosixFile.namesArriving(timerNames).filter({ !timerNames.contains($0) }) {
            guard let id = LaundryPaths.id(fromFileName: name, suffix: ".json") else { continue }
            guard let position = index[id] else {
                problems.append(.orphanTimer(path: paths.timerFile(id)))
                continue
            }
            states[position].timer = readTimer(id, problems: &problems)
        }
        return Snapshot(states: states, problems: problems)
    }

    /// One pet with its timer (and the notes of `device`, for its notification service), or nil
    /// if it has no file.
    public func load(_ id: UUID, notesOf device: String? = nil) throws(StoreError) -> PetState? {
        var problems: [StoreProblem] = []
        guard let pet = try readPet(id, problems: &problems) else { return nil }
        let timer = readTimer(id, problems: &problems)
        return PetState(
            pet: pet, timer: timer,
            notes: try device.map { (device) throws(StoreError) in
                try notes(id, device: device, legacy: pet.parts == nil)
            })
    }

    /// What `device` has announced about the pet. A pet from before notes were kept apart (`legacy`:
    /// no stamps yet, so no newer laundry has rewritten it) has them in its own files, read until
    /// this machine writes notes, so an upgrade repeats no announcement.
    public func notes(_ id: UUID, device: String, legacy: Bool) throws(StoreError) -> DeviceNotes {
        let path = paths.notesFile(id, device: device)
        if case .data(let data) = try PosixFile.read(path) {
            if let notes = try? JSONCoding.decoder().decode(DeviceNotes.self, from: data), notes.petID == id {
                return notes
            }
            return DeviceNotes(petID: id)
        }
        return legacy ? LegacyNotes.read(id, paths: paths) : DeviceNotes(petID: id)
    }

    /// Writes this machine's notes about a pet (only its notification service does).
    public func saveNotes(_ notes: DeviceNotes, device: String) throws(StoreError) {
        try PosixFile.makeFolder(paths.notesFolder(device: device))
        try PosixFile.writeAtomically(
            try encode(notes, JSONCoding.encoder(), path: paths.notesFile(notes.petID, device: device)),
            to: paths.notesFile(notes.petID, device: device))
    }

    /// Identifies the current versions of a pet's two files (every write replaces a file, so a
    /// new inode or time means new contents), so a reader can skip decoding what it already has.
    public struct FileStamp: Equatable, Sendable {
        let pet: PosixFile.Version?
        let timer: PosixFile.Version?
    }

    public func stamp(_ id: UUID) -> FileStamp {
        FileStamp(pet: PosixFile.stamp(paths.petFile(id)), timer: PosixFile.stamp(paths.timerFile(id)))
    }

    private struct NameProbe: Decodable { var name: String }

    /// Just the names, read without side effects (nothing set aside, nothing reported), for shell
    /// completion, which must be quick and must never print into the user's prompt.
    public func names() -> [String] {
        let decoder = JSONDecoder()
        return PosixFile.listFolder(paths.pets).compactMap { file in
            guard let id = LaundryPaths.id(fromFileName: file, suffix: ".json"),
                case .data(let data)? = try? PosixFile.read(paths.petFile(id))
            else { return nil }
            return try? decoder.decode(NameProbe.self, from: data).name
        }
    }

    public func history(_ id: UUID) -> HistoryLog.Contents {
        HistoryLog.read(paths.historyFile(id))
    }

    // MARK: Changing

    /// Runs `change` on the pet's state under its lock and writes back what changed, in the order
    /// `commit` documents. Nothing is written when `change` throws. Returns nil if the pet has no
    /// file (it was released meanwhile). The lock keeps out this machine's writers; a sync engine
    /// is not one of them, so when it puts another machine's version in place before the write,
    /// `change` runs again on that version instead of overwriting it.
    @discardableResult
    public func update(_ id: UUID, _ change: (inout PetState) throws -> [HistoryEvent]) throws -> PetState? {
        try ensureFolders()
        return try FileLock.withLock(paths.lockFile(id)) { () throws -> PetState? in
            var attempt = 0
            while true {
                attempt += 1
                let read = stamp(id)
                var problems: [StoreProblem] = []
                guard let pet = try readPet(id, problems: &problems) else {
                    try? PosixFile.remove(paths.lockFile(id))
                    return nil
                }
                guard !pet.isFromNewerVersion else {
                    throw StoreError.newerSchema(pet: pet.name, path: paths.petFile(id), version: pet.schemaVersion)
                }
                let before = PetState(pet: pet, timer: readTimer(id, problems: &problems))
                var state = before
                let events = try change(&state)
                do {
                    try commit(from: before, to: state, events: events, unless: attempt < 5 ? read : nil)
                    return state
                } catch CommitRace.filesReplaced {
                    continue
                }
            }
        }
    }

    /// Adds a new pet, refusing a name another pet already has (compared without case).
    public func create(_ pet: Pet, events: [HistoryEvent]) throws {
        try ensureFolders()
        try FileLock.withLock(paths.namesLockFile) { () throws in
            try requireUniqueName(pet.name, except: nil)
            try FileLock.withLock(paths.lockFile(pet.id)) { () throws in
                try commit(from: nil, to: PetState(pet: pet), events: events)
            }
        }
    }

    /// Like `update`, but also holds the names lock, for a change that renames the pet.
    @discardableResult
    public func rename(
        _ id: UUID, to name: String,
        _ change: (inout PetState) throws -> [HistoryEvent]
    ) throws -> PetState? {
        try ensureFolders()
        return try FileLock.withLock(paths.namesLockFile) { () throws -> PetState? in
            try requireUniqueName(name, except: id)
            return try update(id, change)
        }
    }

    /// Deletes every file of the pet: its timer, its pet file, its history and its lock. The
    /// release is written down first, for the other machines that share the folder.
    public func remove(_ id: UUID, release: ReleaseRecord) throws {
        try ensureFolders()
        try FileLock.withLock(paths.namesLockFile) { () throws in
            try FileLock.withLock(paths.lockFile(id)) { () throws in
                try PosixFile.makeFolder(paths.released)
                try PosixFile.writeAtomically(
                    try encode(release, JSONCoding.encoder(), path: paths.releaseFile(id)), to: paths.releaseFile(id))
                try removeFiles(id, device: release.device)
            }
        }
    }

    /// Every file of a pet but its release record.
    func removeFiles(_ id: UUID, device: String?) throws(StoreError) {
        if let device { try PosixFile.remove(paths.notesFile(id, device: device)) }
        try PosixFile.remove(paths.timerFile(id))
        try PosixFile.remove(paths.petFile(id))
        try PosixFile.remove(paths.historyFile(id))
        PosixFile.syncFolder(paths.pets)
        try PosixFile.remove(paths.lockFile(id))
    }

    enum CommitRace: Error { case filesReplaced }

    // MARK: Internals

    /// Writes a change in an order that survives a crash between any two steps: a new timer goes to
    /// disk before the pet's stage that makes it live; a timer is deleted only after the pet no
    /// longer needs it; history is appended last. Everything that can fail for want of space comes
    /// first — the history line's room is reserved and both new files are written under temporary
    /// names — so a full disk refuses the whole change and nothing of it is seen.
    /// - Parameter read: the versions of the files the change was made on: if they were replaced
    ///   since (by a sync engine), nothing is written and `CommitRace.filesReplaced` is thrown.
    private func commit(
        from before: PetState?, to after: PetState, events: [HistoryEvent], unless read: FileStamp? = nil
    ) throws {
        let id = after.pet.id
        let encoder = JSONCoding.encoder()
        let history = try HistoryLog.reserve(events, at: paths.historyFile(id))
        var timerFile: PosixFile.PreparedReplacement?
        var petFile: PosixFile.PreparedReplacement?
        do {
            if let timer = after.timer, timer != before?.timer {
                timerFile = try PosixFile.PreparedReplacement(
                    try encode(timer, encoder, path: paths.timerFile(id)), for: paths.timerFile(id))
            }
            if after.pet != before?.pet {
                petFile = try PosixFile.PreparedReplacement(
                    try encode(after.pet, encoder, path: paths.petFile(id)), for: paths.petFile(id))
            }
        } catch {
            timerFile?.discard()
            history?.cancel()
            throw error
        }
        // Looked at again just before the renames: what a sync engine put in place is merged, not
        // overwritten.
        if let read, read != stamp(id) {
            timerFile?.discard()
            petFile?.discard()
            history?.cancel()
            throw CommitRace.filesReplaced
        }
        if let timerFile {
            do { try timerFile.commit() } catch {
                petFile?.discard()
                history?.cancel()
                throw error
            }
            PosixFile.syncFolder(paths.timers)
        }
        if let petFile {
            // The new timer (if any) is a harmless leftover until this rename makes it live.
            do { try petFile.commit() } catch {
                history?.cancel()
                throw error
            }
            PosixFile.syncFolder(paths.pets)
        }
        if after.timer == nil, before?.timer != nil || PosixFile.exists(paths.timerFile(id)) {
            try PosixFile.remove(paths.timerFile(id))
            PosixFile.syncFolder(paths.timers)
        }
        try history?.write()
    }

    func encode<T: Encodable>(_ value: T, _ encoder: JSONEncoder, path: String) throws(StoreError) -> Data {
        do { return try encoder.encode(value) + Data("\n".utf8) } catch {
            throw .unwritable(
                path: path, reason: "it could not be encoded, which is a bug in laundry; please report it")
        }
    }

    private func requireUniqueName(_ name: String, except id: UUID?) throws(StoreError) {
        let key = name.lowercased()
        // Read only: merging here could take the names lock this caller already holds.
        let reader = PetStore(paths: paths, setsAsideCorruptFiles: false)
        if let existing = reader.loadAll().states.first(where: { $0.pet.id != id && $0.pet.name.lowercased() == key }) {
            throw .nameTaken(existing.pet.name)
        }
    }

    /// Creates `LAUNDRY_HOME` and its folders (0700) if they are missing.
    public func ensureFolders() throws(StoreError) {
        for folder in [paths.root, paths.pets, paths.timers, paths.history, paths.locks, paths.released] {
            try PosixFile.makeFolder(folder)
        }
    }

    private struct SchemaProbe: Decodable { var schemaVersion: Int? }

    /// Reads a pet file. A file that does not parse is set aside; a file from a newer version is
    /// read as far as possible and never set aside.
    func readPet(_ id: UUID, problems: inout [StoreProblem]) throws(StoreError) -> Pet? {
        let path = paths.petFile(id)
        guard case .data(let data) = try PosixFile.read(path) else { return nil }
        let decoder = JSONCoding.decoder()
        do {
            let pet = try decoder.decode(Pet.self, from: data)
            guard pet.id == id else {
                setAside(path, reason: "its id does not match its file name", problems: &problems)
                return nil
            }
            if let reason = pet.implausibleValue, !pet.isFromNewerVersion {
                setAside(path, reason: reason, problems: &problems)
                return nil
            }
            if pet.isFromNewerVersion { problems.append(.newerSchema(path: path, version: pet.schemaVersion)) }
            return pet
        } catch {
            if let probe = try? decoder.decode(SchemaProbe.self, from: data), let version = probe.schemaVersion,
                version > Pet.currentSchemaVersion
            {
                problems.append(.newerSchema(path: path, version: version))
                return nil
            }
            setAside(path, reason: JSONCoding.reason(error), problems: &problems)
            return nil
        }
    }

    func readTimer(_ id: UUID, problems: inout [StoreProblem]) -> LaundryTimer? {
        let path = paths.timerFile(id)
        do {
            guard case .data(let data) = try PosixFile.read(path) else { return nil }
            do {
                let timer = try JSONCoding.decoder().decode(LaundryTimer.self, from: data)
                if let reason = timer.implausibleValue {
                    setAside(path, reason: reason, problems: &problems)
                    return nil
                }
                return timer
            } catch {
                setAside(path, reason: JSONCoding.reason(error), problems: &problems)
                return nil
            }
        } catch {
            problems.append(.unreadable(path: path, reason: Self.reason(error)))
            return nil
        }
    }

    /// Renames a corrupt file to `<name>.corrupt-<UTC time>` so it is kept for the user to inspect.
    func setAside(_ path: String, reason: String, problems: inout [StoreProblem]) {
        guard setsAsideCorruptFiles else {
            problems.append(.unreadable(path: path, reason: "it is corrupt (\(reason))"))
            return
        }
        let stamp = Timestamp.format(Date()).replacing(":", with: "").replacing("-", with: "")
        let target = "\(path).corrupt-\(stamp)"
        if Glibc.rename(path, target) == 0 {
            PosixFile.syncFolder(PathText.parent(path))
            problems.append(.setAside(path: path, movedTo: target, reason: reason))
        } else {
            problems.append(.unreadable(path: path, reason: reason))
        }
    }

    static func reason(_ error: any Error) -> String {
        (error as? StoreError)?.reason ?? String(describing: error)
    }
}
