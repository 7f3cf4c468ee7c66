import FoundationEssentials
import LaundryCore
import LaundryStore

/// The daemon's way in: what it reads to schedule, and its notes of what it told the user (never leaving this machine).
extension Laundry {
    /// Every pet as the records say (not settled: the daemon settles its own view), with this machine's notes.
    public func snapshot() -> (states: [PetState], warnings: [LaundryWarning]) {
        let snapshot = storage.loadAll()
        let states = snapshot.pets.map { merged in
            var state = merged.state
            state.notes = storage.notes(state.pet.id)
            return state
        }
        return (states, snapshot.problems.map { .store($0) })
    }

    /// One pet as the records say, with this machine's notes (nil if none names it, or released), and whether every
    /// record could be read: the daemon keeps what it read while one cannot (mid-sync, torn), until a new one parses.
    public func load(_ id: UUID) -> (state: PetState?, complete: Bool) {
        var problems: [StoreProblem] = []
        defer { report(problems) }
        let merged = storage.load(id, problems: &problems)
        guard let merged, !merged.isReleased else { return (nil, problems.isEmpty) }
        var state = merged.state
        state.notes = storage.notes(id)
        return (state, problems.isEmpty)
    }

    /// The version of the pet's records: read again only when it changed.
    public func recordVersion(_ id: UUID) -> RecordVersion { storage.recordVersion(id) }

    /// Creates the data folder if missing, for the daemon to watch (a reader creates none: `status --follow` says so).
    public func prepareFolders() throws {
        try StoreFiles.makeFolder(paths.root)
    }

    public var watchedFolders: [String] { files?.watchedFolders ?? [] }

    /// An inotify watch on `watchedFolders`, for the daemon and `status --follow`.
    public func makeWatch() throws(StoreError) -> DirectoryWatch {
        try (files ?? FileStorage(paths: paths)).makeWatch()
    }

    public func loadConfig() throws(StoreError) -> DaemonConfig {
        guard let configPath else { return .defaults }
        return try ConfigFile.load(configPath)
    }

    /// config.json's `"clock"` for every command's times; an unreadable or wrong file is silent (others report it).
    public static func clockSetting(variable: (String) -> String?) -> HourCycle? {
        (try? ConfigFile.load(ConfigFile.path(variable: variable)))?.clock
    }

    public var iconPath: String { dataDirectory.path + "/icons/laundry.svg" }

    /// Notes this machine announced a finished load (`loadID`) and/or sent a reminder, on the view the daemon settled.
    public func recordAnnouncement(
        finishedTimer loadID: UUID?, nagged: Bool, nudgeShown: Date? = nil, at now: Date, settled view: PetState
    ) throws -> PetState {
        // Its notes too: read with the records a moment ago, and only this daemon writes them.
        var state = view
        try note(&state) { state in
            if let loadID, state.load?.id == loadID { Reminders.recordAnnouncement(&state, at: now) }
            if nagged { Reminders.recordNag(&state, at: now) }
            if let nudgeShown { state.notes.nudgeShown = nudgeShown }
        }
        return state
    }

    /// The pet as it is now (settled in the view), with its notes changed by `change` and written if they changed.
    private func recordNotes(
        _ id: UUID, at now: Date, standing: PetState?, filesLost: Bool, _ change: (inout PetState) -> Void
    ) throws -> PetState? {
        let read = filesLost ? (state: PetState?.none, complete: false) : load(id)
        guard var state = read.complete ? read.state : standing ?? read.state else { return nil }
        state.notes = storage.notes(id)
        StageMachine.settle(&state, at: now)
        try note(&state, change)
        return state
    }

    private func note(_ state: inout PetState, _ change: (inout PetState) -> Void) throws {
        let before = state.notes
        change(&state)
        if state.notes != before { try storage.save(state.notes) }
    }

    /// The health tick for one pet: warnings decided on the records now, kept in this machine's notes. Returns the pet
    /// and the warning threshold reached, if any; `quietHours`: the user's quiet hours are on, so warnings are held.
    public func recordHealth(
        _ id: UUID, at now: Date, config: DaemonConfig, quietHours: Bool, standing: PetState? = nil,
        filesLost: Bool = false
    ) throws -> (state: PetState?, warning: Int?) {
        var warning: Int?
        let state = try recordNotes(id, at: now, standing: standing, filesLost: filesLost) { state in
            let held = quietHours || Reminders.cycleSpeaksForPet(state, config: config, at: now)
            let decision = Reminders.healthWarning(for: state, at: now, held: held)
            warning = decision.send
            state.notes.warningsSent = decision.sent
        }
        return (state, warning)
    }
}
