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
    public func snapshot() -> (states: [PetState], warnings: [LaundryWarning]) {
        let snapshot = files.loadAll()
        return (snapshot.states, snapshot.problems.map { .store($0) })
    }

    /// One pet as its files say, or nil if it has no file.
    public func load(_ id: UUID) throws -> PetState? { try files.load(id) }

    public func fileVersion(_ id: UUID) -> FileVersion { FileVersion(stamp: files.stamp(id)) }

    /// Creates `LAUNDRY_HOME` and its folders, for the daemon to watch.
    public func prepareFolders() throws { try files.ensureFolders() }

    /// The pet a file in a watched folder belongs to, or nil for a file that is not one of ours.
    public static func petID(fromFileName name: String) -> UUID? {
        LaundryPaths.id(fromFileName: name, suffix: ".json")
    }

    /// The folders whose changes the daemon watches.
    public var watchedFolders: [String] { [files.paths.pets, files.paths.timers] }

    public func loadConfig() throws(StoreError) -> DaemonConfig {
        guard let configPath else { return .defaults }
        return try ConfigFile.load(configPath)
    }

    /// A `config.json` left in the data folder from before settings moved out of it: never read.
    public var configLeftInDataFolder: String? { ConfigFile.leftBehind(in: files.paths) }

    public func loadMessages() throws -> MessageCatalog { try dataDirectory.loadMessages() }

    public var iconPath: String { dataFolder + "/icons/laundry.svg" }

    /// Writes down that a finished load (`timerID`) was announced, and/or that a reminder went out.
    public func recordAnnouncement(
        _ id: UUID, finishedTimer timerID: UUID?, nagged: Bool, at now: Date
    ) throws -> PetState? {
        return try change(id, at: now) { state in
            if let timerID, state.timer?.id == timerID {
                state.timer?.notified = true
                Reminders.recordAnnouncement(&state, at: now)
            }
            if nagged { Reminders.recordNag(&state, at: now) }
            return []
        }
    }

    /// The health tick for one pet: mood and warnings decided on the file as it is now, written
    /// down. Returns the pet and the warning threshold to announce, if one was reached.
    /// - Parameter quietHours: the user's quiet hours are on, so warnings are held back.
    public func recordHealth(
        _ id: UUID, at now: Date, config: DaemonConfig, quietHours: Bool
    ) throws -> (state: PetState?, warning: Int?) {
        var warning: Int?
        let state = try change(id, at: now) { state in
            let held = quietHours || Reminders.cycleSpeaksForPet(state, config: config, at: now)
            let decision = Reminders.healthWarning(for: state.pet, at: now, held: held)
            warning = decision.send
            state.pet.sentHealthWarnings = decision.sent
            state.pet.mood = state.pet.mood(at: now)
            return []
        }
        return (state, warning)
    }
}
