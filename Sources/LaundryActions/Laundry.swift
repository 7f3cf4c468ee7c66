import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryStore

/// The one way in: every command, every notification button and the daemon's engine go through
/// these operations. Each resolves the pet, brings it up to date (settles finished timers and lost
/// streaks) and changes it under its lock through the store. Problems met on the way that did not
/// stop the operation (corrupt files set aside, a daemon that would not start) are collected in
/// `warnings` for the caller to report.
public final class Laundry {
    private let store: PetStore
    private let clock: any WallClock
    private let data: DataDirectory
    private let autostart: DaemonAutostart?
    public let kinds: KindCatalog
    /// Where the user's settings are read from (outside the data folder, which may be shared);
    /// nil: the defaults.
    public let configPath: String?
    /// This machine among those sharing the folder: it stamps every change made here.
    public let device: DeviceIdentity
    public private(set) var warnings: [LaundryWarning] = []

    /// For tests and the daemon: a home folder, a data folder, a clock. `autostart` nil never
    /// starts the notification service.
    public init(
        home: String, dataFolder: String, kinds: KindCatalog, clock: any WallClock,
        autostart: DaemonAutostart? = nil, configPath: String? = nil,
        device: DeviceIdentity = DeviceIdentity(fixed: "0000000000000000")
    ) {
        store = PetStore(paths: LaundryPaths(root: home))
        self.configPath = configPath
        self.device = device
        data = DataDirectory(path: dataFolder)
        self.kinds = kinds
        self.clock = clock
        self.autostart = autostart
    }

    /// Everything from the environment: `LAUNDRY_HOME`, the data folder, `LAUNDRY_FAKE_NOW`, and
    /// whether a command that starts a timer starts the daemon (`LAUNDRY_NO_AUTOSTART`).
    /// - Parameters:
    ///   - clock: the clock to run on, for a caller that needs it too (the daemon); else from the
    ///     environment.
    ///   - startsDaemon: false for the daemon itself, which starts no daemon.
    public static func open(
        environment: [String: String] = ProcessInfo.processInfo.environment, clock: (any WallClock)? = nil,
        startsDaemon: Bool = true
    ) throws -> Laundry {
        let data = try DataDirectory.locate(environment: environment)
        return Laundry(
            home: LaundryPaths.resolve(environment: environment).root, dataFolder: data.path,
            kinds: try data.loadKinds(), clock: try clock ?? LaundryClock.from(environment),
            autostart: startsDaemon ? DaemonAutostart(environment: environment) : nil,
            configPath: ConfigFile.path(environment: environment),
            device: DeviceIdentity(file: DeviceIdentity.path(environment: environment)))
    }

    /// The time on laundry's clock (shifted by `LAUNDRY_FAKE_NOW` in tests).
    public var now: Date { clock.now() }
    public var home: String { store.paths.root }
    public var dataFolder: String { data.path }

    // MARK: Looking

    /// Every pet, brought up to date, sorted by name.
    public func pets() -> [PetState] {
        let states = settled(loadAll())
        // Keys computed once: a locale-aware comparison per pair was a tenth of `status` with 1,000 pets.
        return states.map { ($0.pet.name.lowercased(), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The pet a user named, brought up to date: one read of the folder finds and loads it.
    public func pet(_ query: String) throws -> PetState {
        settled([try find(query)])[0]
    }

    /// Just the names, read without side effects, for shell completion: it must be quick and must
    /// never print into the user's prompt.
    public static func petNames(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        PetStore(paths: LaundryPaths.resolve(environment: environment)).names()
    }

    /// The kinds a data folder offers, without side effects, for shell completion.
    public static func kindNames(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        (try? DataDirectory.locate(environment: environment).loadKinds())?.ids ?? []
    }

    // MARK: The cycle

    /// Does what a command asks of the pet a user named; a move that starts a timer makes sure
    /// the notification service runs.
    public func perform(_ action: PetAction, on query: String) throws -> PetState {
        let state = try perform(action, onPet: try resolve(query), query: query)
        if action.startsTimer, let autostart, let problem = autostart.ensureRunning() {
            warnings.append(.daemonNotStarted(problem))
        }
        return state
    }

    /// Does what a notification button asks of a pet known by its id.
    public func perform(_ action: PetAction, onPet id: UUID, query: String? = nil) throws -> PetState {
        let now = clock.now()
        guard
            let state = try change(
                id, at: now,
                { (state: inout PetState) throws(PetError) in
                    try action.apply(to: &state, at: now)
                })
        else {
            throw PetError.unknownPet(query ?? id.lowercasedText, suggestion: nil)
        }
        return state
    }

    // MARK: Pets

    public func adopt(_ request: PetSettings) throws -> PetState {
        guard let name = request.name else { throw PetError.invalidName("", reason: "a name cannot be empty or blank") }
        let kind = try kinds.resolve(request.kind ?? kinds.defaultKind)
        let now = clock.now()
        var pet = Pet(
            name: name, kind: kind, createdAt: now, washDuration: request.washDuration,
            dryDuration: request.dryDuration, cycleDays: request.cycleDays, lastLaundryAt: request.lastWashed)
        let here = try device.id()
        var parts = PartStamps()
        for part in PetPart.allCases { parts.record(PartStamp(at: now, device: here), for: part) }
        pet.parts = parts
        let adopted = HistoryEvent(
            at: now, event: .adopted, petID: pet.id, detail: kind.id, id: EventID.random(), device: here)
        try store.create(pet, events: [adopted])
        return PetState(pet: pet)
    }

    /// Changes a pet's name or settings; only the fields given change.
    public func configure(_ query: String, _ settings: PetSettings) throws -> PetState {
        let kind = try settings.kind.map { (id) throws(PetError) in try kinds.resolve(id) }
        let id = try resolve(query)
        let now = clock.now()
        let apply = { (state: inout PetState) -> [HistoryEvent] in settings.apply(to: &state, kind: kind, at: now) }
        let result = try change(id, at: now, renamingTo: settings.name?.value, apply)
        guard let result else { throw PetError.unknownPet(query, suggestion: nil) }
        return result
    }

    /// Deletes the pet and all its files. Returns the pet as it was.
    public func release(_ query: String) throws -> Pet {
        let state = try pet(query)
        try store.remove(
            state.pet.id,
            release: ReleaseRecord(petID: state.pet.id, name: state.pet.name, at: now, device: try device.id()))
        return state.pet
    }

    // MARK: Record

    /// Events of one pet, or of every pet, newest first.
    public func history(_ query: String?, limit: Int?) throws -> [(pet: Pet, event: HistoryEvent)] {
        let states = try query.map { [try pet($0)] } ?? pets()
        var entries: [(pet: Pet, event: HistoryEvent, order: Int)] = []
        for state in states {
            for event in store.history(state.pet.id).events {
                entries.append((state.pet, event, entries.count))
            }
        }
        // Newest first; events of the same instant keep the order they were written in, reversed.
        entries.sort { ($0.event.at, $0.order) > ($1.event.at, $1.order) }
        return entries.prefix(limit ?? entries.count).map { ($0.pet, $0.event) }
    }

    public func statistics(weeks: Int, zone: LocalZone) -> LaundryStats {
        let states = pets()
        let events = states.flatMap { store.history($0.pet.id).events }
        return LaundryStats(pets: states.map(\.pet), events: events, now: clock.now(), zone: zone, weeks: weeks)
    }

    // MARK: Internals

    private func loadAll() -> [PetState] {
        let snapshot = store.loadAll()
        report(snapshot.problems)
        return snapshot.states
    }

    /// The pet a user named, as its files say.
    private func find(_ query: String) throws -> PetState {
        let states = loadAll()
        let id = try PetMatcher(states.map { .init(id: $0.pet.id, name: $0.pet.name) }).match(query)
        guard let state = states.first(where: { $0.pet.id == id }) else {
            throw PetError.unknownPet(query, suggestion: nil)
        }
        return state
    }

    private func resolve(_ query: String) throws -> UUID { try find(query).pet.id }

    /// Settles, then runs `move` on the settled state, under the pet's lock (and the names lock for
    /// a rename). What settling found is true whatever the move: when the move is refused, the
    /// settled state is still written.
    func change(
        _ id: UUID, at now: Date, renamingTo newName: String? = nil,
        _ move: (inout PetState) throws -> [HistoryEvent]
    ) throws -> PetState? {
        var refusal: (any Error)?
        let settleThenMove = { (state: inout PetState) -> [HistoryEvent] in
            refusal = nil  // run again when a sync engine replaced the files meanwhile
            var events = StageMachine.settle(&state, at: now)
            var moved = state
            do {
                let made = try move(&moved)
                // Made on first need, so a refused command leaves nothing behind.
                let here = made.isEmpty && moved == state ? "" : try self.device.id()
                Self.stamp(&moved, changedFrom: state, at: now, device: here)
                events += made.map { event in
                    var event = event
                    if event.id == nil {
                        event.id = EventID.random()
                        event.device = here
                    }
                    return event
                }
                state = moved
            } catch {
                refusal = error
            }
            // A timer file that is not the pet's current load and is older than it: cleared.
            if !state.timerIsCurrent, let timer = state.timer, PetMerge.isLeftover(timer, for: state.pet) {
                state.timer = nil
            }
            return events
        }
        let state: PetState?
        do {
            if let newName {
                state = try store.rename(id, to: newName, settleThenMove)
            } else {
                state = try store.update(id, settleThenMove)
            }
        } catch {
            // The refusal is what the user asked about; a failure to save the settling is secondary.
            throw refusal ?? error
        }
        if let refusal { throw refusal }
        return state
    }

    /// Stamps each part a person's move changed with the time and this machine, for merging with
    /// copies from other machines; the timer carries the cycle's stamp.
    /// A stamp is never earlier than the one it follows (a clock behind another machine's must
    /// not let a change made after seeing a stamp lose to it).
    static func stamp(_ moved: inout PetState, changedFrom before: PetState, at now: Date, device: String) {
        var parts = moved.pet.parts ?? PartStamps()
        var changed = false
        for part in PetPart.allCases {
            let cycleTimerMoved = part == .cycle && moved.timer != before.timer
            guard part.content(of: moved.pet) != part.content(of: before.pet) || cycleTimerMoved else { continue }
            let after = parts.latest(part).map { $0.at.addingTimeInterval(0.001) } ?? now
            parts.record(PartStamp(at: max(now, after), device: device), for: part)
            changed = true
        }
        guard changed else { return }
        moved.pet.parts = parts
        if moved.timer != nil, moved.timerIsCurrent { moved.timer?.stamp = parts.latest(.cycle) }
    }

    /// Brings read-only views up to date: finished timers and lost streaks are written down (once,
    /// under the pet's lock); when that fails, the view is still computed correctly.
    func settled(_ states: [PetState]) -> [PetState] {
        let now = clock.now()
        var result = states
        for position in result.indices where result[position].needsSettling(at: now) {
            let id = result[position].pet.id
            if result[position].pet.isFromNewerVersion {
                StageMachine.settle(&result[position], at: now)
                continue
            }
            do {
                if let fresh = try change(id, at: now, { _ in [] }) { result[position] = fresh }
            } catch {
                StageMachine.settle(&result[position], at: now)
                report([.notSaved(path: store.paths.petFile(id), reason: (error as? StoreError)?.reason ?? "\(error)")])
            }
        }
        return result
    }

    func report(_ found: [StoreProblem]) {
        for problem in found where !warnings.contains(.store(problem)) { warnings.append(.store(problem)) }
    }

    /// The store, for the other files of this module (inspection, the daemon's bookkeeping).
    var files: PetStore { store }
    var dataDirectory: DataDirectory { data }
}
