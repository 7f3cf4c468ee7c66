import FoundationEssentials
import LaundryCore
import LaundryStore

/// The daemon's way in: what it reads to schedule, and what it writes down after it has told the
/// user something. Each write settles the pet first, under its lock, like every other operation.
extension Laundry {
    /// Identifies the current versions of a pet's two files, so a reader can skip decoding what it
    /// already has (every write replaces a file, so a new inode or time means new contents).
    public struct FileVersion: Equatable, Sendable {
        let stamp: PetStore.FileStamp
    }

    /// Every pet as its files say, not settled (the daemon settles its own view), problems logged.
    /// Copies and releases from other machines are merged first.
    public func snapshot() -> (states: [PetState], warnings: [LaundryWarning]) {
        let snapshot = files.loadAll()
        return (snapshot.states, snapshot.problems.map { .store($0) })
    }

    /// Merges what other machines sent (conflict copies, releases), for the daemon when its watch
    /// sees one arrive. Returns what was done, to log.
    public func reconcile() -> [LaundryWarning] { files.reconcile().map { .store($0) } }

    /// One pet as its files say, with this machine's notes, or nil if it has no file.
    public func load(_ id: UUID) throws -> PetState? { try files.load(id, notesOf: try device.id()) }

    public func fileVersion(_ id: UUID) -> FileVersion { FileVersion(stamp: files.stamp(id)) }

    /// Creates `LAUNDRY_HOME` and its folders, for the daemon to watch.
    public func prepareFolders() throws { try files.ensureFolders() }

    /// What a file that changed in a watched folder means to the daemon.
    public enum Arrival: Equatable {
        /// A pet's own file (`pets/`, `timers/`).
        case pet(UUID)
        /// A conflict copy (any folder) or a release: to be merged.
        case fromElsewhere
    }

    /// Nil for a file that is none of laundry's business (a temporary, a history append).
    public static func arrival(_ name: String, inFolder folder: String) -> Arrival? {
        if folder.hasSuffix("/history") {
            return LaundryPaths.id(fromConflictName: name, suffix: ".jsonl") != nil ? .fromElsewhere : nil
        }
        if folder.hasSuffix("/released") {
            return LaundryPaths.id(fromFileName: name, suffix: ".json") != nil ? .fromElsewhere : nil
        }
        if LaundryPaths.id(fromConflictName: name, suffix: ".json") != nil { return .fromElsewhere }
        return LaundryPaths.id(fromFileName: name, suffix: ".json").map { .pet($0) }
    }

    /// The folders whose changes the daemon watches.
    public var watchedFolders: [String] {
        [files.paths.pets, files.paths.timers, files.paths.history, files.paths.released]
    }

    public func loadConfig() throws(StoreError) -> DaemonConfig {
        guard let configPath else { return .defaults }
        return try ConfigFile.load(configPath)
    }

    /// A `config.json` left in the data folder from before settings moved out of it: never read.
    public var configLeftInDataFolder: String? { ConfigFile.leftBehind(in: files.paths) }

    public func loadMessages() throws -> MessageCatalog { try dataDirectory.loadMessages() }

    public var iconPath: String { dataFolder + "/icons/laundry.svg" }

    /// Writes down that this machine announced a finished load (`timerID`), and/or sent a
    /// reminder: the finish itself in the shared files (as any machine would write it), the rest in
    /// this machine's notes.
    public func recordAnnouncement(
        _ id: UUID, finishedTimer timerID: UUID?, nagged: Bool, at now: Date
    ) throws -> PetState? {
        try recordNotes(id, at: now) { state in
            if let timerID, state.timer?.id == timerID { Reminders.recordAnnouncement(&state, at: now) }
            if nagged { Reminders.recordNag(&state, at: now) }
        }
    }

    /// Settles the pet (writing the shared files only if that changes them), then changes and
    /// writes this machine's notes if `note` changed them.
    private func recordNotes(_ id: UUID, at now: Date, _ note: (inout PetState) -> Void) throws -> PetState? {
        let here = try device.id()
        guard var state = try change(id, at: now, { _ in [] }) else { return nil }
        state.notes = try files.notes(id, device: here, legacy: state.pet.parts == nil)
        let before = state.notes
        note(&state)
        if state.notes != before { try files.saveNotes(state.notes, device: here) }
        return state
    }

    /// The health tick for one pet: warnings decided on the files as they are now, written down
    /// in this machine's notes. Returns the pet and the warning threshold to announce, if one was reached.
    /// - Parameter quietHours: the user's quiet hours are on, so warnings are held back.
    public func recordHealth(
        _ id: UUID, at now: Date, config: DaemonConfig, quietHours: Bool
    ) throws -> (state: PetState?, warning: Int?) {
        var warning: Int?
        let state = try recordNotes(id, at: now) { state in
            let held = quietHours || Reminders.cycleSpeaksForPet(state, config: config, at: now)
            let decision = Reminders.healthWarning(for: state, at: now, held: held)
            warning = decision.send
            state.notes.warningsSent = decision.sent
        }
        return (state, warning)
    }
}
