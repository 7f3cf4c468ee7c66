import Dispatch
import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryStore
import Synchronization

/// The one way in for commands, buttons and the daemon. Looking merges every machine's records and writes nothing;
/// changing writes stamped parts to this machine's record under the pet's lock. Non-fatal problems go to `warnings`.
public final class Laundry {
    public let storage: any LaundryStorage
    /// This machine's own folders (state, runtime), and the data folder when the storage is the files.
    public let paths: LaundryPaths
    private let clock: any WallClock
    /// The kinds and texts (`data/`), found as `DataDirectory.locate` says.
    public let dataDirectory: DataDirectory
    let daemonAutostart: DaemonAutostart?
    public let kinds: KindCatalog
    /// The user's settings file, outside the data folder (which may be shared); nil: the defaults.
    public let configPath: String?
    public internal(set) var warnings: [LaundryWarning] = []
    /// The learned length the last wash or dryer started without one took, for its report.
    public internal(set) var lastLearned: LearnedLength?
    /// Its machine folder claimed: once, before this process's first change.
    var readyToWriteDone = false
    var cachedPerson: Person?

    /// For tests and the daemon. `autostart` nil never starts the notification service; `paths` nil: the storage's.
    public init(
        storage: any LaundryStorage, dataFolder: String, kinds: KindCatalog, clock: any WallClock,
        autostart: DaemonAutostart? = nil, configPath: String? = nil, paths: LaundryPaths? = nil
    ) {
        self.storage = storage
        self.paths = paths ?? (storage as? FileStorage)?.paths ?? LaundryPaths(root: "/nonexistent/laundry")
        self.configPath = configPath
        dataDirectory = DataDirectory(path: dataFolder)
        self.kinds = kinds
        self.clock = clock
        daemonAutostart = autostart
    }

    /// From the environment (`LAUNDRY_HOME`, data folder, `LAUNDRY_FAKE_NOW` unless `clock`, `LAUNDRY_NO_AUTOSTART`).
    public static func open(
        environment: [String: String] = ProcessInfo.processInfo.environment, clock: (any WallClock)? = nil,
        startsDaemon: Bool = true
    ) throws -> Laundry {
        let dataDirectory = try DataDirectory.locate(environment: environment)
        let paths = LaundryPaths.resolve(environment: environment)
        return Laundry(
            storage: FileStorage(paths: paths), dataFolder: dataDirectory.path, kinds: try dataDirectory.loadKinds(),
            clock: try clock ?? LaundryClock.from(environment),
            autostart: startsDaemon ? DaemonAutostart(environment: environment) : nil,
            configPath: ConfigFile.path(environment: environment), paths: paths)
    }

    /// The data folder's files, where the storage is the files (the daemon's watch, doctor).
    public var files: FileStorage? { storage as? FileStorage }

    /// The time on laundry's clock (shifted by `LAUNDRY_FAKE_NOW` in tests).
    public var now: Date { clock.now() }
    public var home: String { paths.root }
    /// `$XDG_STATE_HOME/laundry`: what only this machine keeps.
    public var stateFolder: String { paths.state }

    /// Every pet, brought up to date in the view, sorted by name.
    public func pets() -> [PetState] {
        let now = clock.now()
        let states = loadAll().map { Self.settled($0.state, at: now) }
        // Keys computed once: a locale-aware comparison per pair was a tenth of `status` with 1,000 pets.
        return states.map { ($0.pet.identity.name.lowercased(), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The pet a user named, brought up to date in the view.
    public func pet(_ query: String) throws -> PetState {
        Self.settled(try find(query).state, at: clock.now())
    }

    /// Just the names, without side effects, for shell completion: quick, and never printing into the user's prompt.
    public static func petNames(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        FileStorage(paths: LaundryPaths.resolve(environment: environment)).directory().map(\.name)
    }

    /// Every load's id, newest first, for shell completion: nothing started, nothing said.
    public static func loadIDs(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        guard let laundry = try? Laundry.open(environment: environment, startsDaemon: false),
            let loads = try? laundry.loads(nil)
        else { return [] }
        return loads.map { $0.load.id.lowercasedText }
    }

    /// Programmes of the first pet `words` name, else of every pet, sorted, for completion: nothing started or said.
    public static func programmeNames(
        ofPetIn words: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String] {
        guard let laundry = try? Laundry.open(environment: environment, startsDaemon: false) else { return [] }
        let pets = laundry.loadAll()
        let named = words.lazy.compactMap { try? Self.matched($0, in: pets) }.first
        let names = (named.map { [$0] } ?? pets).flatMap { $0.state.pet.settings.programmes.keys }
        return Set(names).sorted()
    }

    /// The kinds a data folder offers, without side effects, for shell completion.
    public static func kindNames(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        (try? DataDirectory.locate(environment: environment).loadKinds())?.ids ?? []
    }

    /// A pet as it is at `now` (an ended load finished, a dead pet's streak lost), with nothing written for it.
    static func settled(_ state: PetState, at now: Date) -> PetState {
        var view = state
        StageMachine.settle(&view, at: now)
        return view
    }

    /// Does what a command asks of the pet a user named; a move that starts a timer makes sure the daemon runs.
    public func perform(_ action: PetAction, on query: String) throws -> PetState {
        let (pet, reads) = try findPet(query)
        let state = try perform(action, onPet: pet.state.pet.id, query: query, reusing: reads, known: pet)
        if action.needsDaemon, let daemonAutostart, let problem = daemonAutostart.ensureRunning() {
            warnings.append(.daemonNotStarted(problem))
        }
        return state
    }

    /// Does what a notification button asks of a pet known by its id. `person`: who pressed it, when not this
    /// machine's (Home Assistant's); `known`: the pet as read to find it, so its records are not read again.
    public func perform(
        _ action: PetAction, onPet id: UUID, query: String? = nil, reusing reads: RecordReads? = nil,
        by person: Person? = nil, known: MergedPet? = nil
    ) throws -> PetState {
        let now = clock.now()
        var problems: [StoreProblem] = []
        let action = learnedLength(for: action, of: known ?? storage.load(id, problems: &problems))
        guard
            let state = try change(
                id, at: now, reusing: reads, by: person,
                { (state: inout PetState) throws(PetError) in
                    try action.apply(to: &state, at: now)
                })
        else {
            throw PetError.unknownPet(query ?? id.lowercasedText, suggestion: nil)
        }
        return state
    }

    public func adopt(_ request: PetSettings) throws -> PetState {
        guard let name = request.name else { throw PetError.invalidName("", .blank) }
        let kind = try kinds.resolve(request.kind ?? kinds.defaultKind)
        let now = clock.now()
        try prepareToWrite()
        let here = try storage.deviceID()
        let pet = Pet(
            name: name, kind: kind, createdAt: now, washDuration: request.washDuration,
            dryDuration: request.dryDuration, cycleDays: request.cycleDays, lastLaundryAt: request.lastWashed)
        let state = PetState(pet: pet)
        let stamp = PartStamp(at: now, device: here)
        var record = PetRecord(id: pet.id, createdAt: now)
        let parts = PetPart.allCases.filter { $0 != .release }
        for part in parts { record.set(part, from: pet, stamp: stamp) }
        var adopted = HistoryEvent(
            at: now, event: .adopted, petID: pet.id, detail: .kind(kind.id), id: EventID.random(), device: here)
        adopted.stamp = stamp
        adopted.by = person
        adopted.changed = parts.map { HistoryEvent.PartChange(part: $0, after: nil) }
        try storage.create(record, events: [adopted], device: here)
        return state
    }

    /// Changes a pet's name or settings; only the fields given change.
    public func configure(_ query: String, _ settings: PetSettings) throws -> PetState {
        let kind = try settings.kind.map { (id) throws(PetError) in try kinds.resolve(id) }
        let (id, reads) = try findID(query)
        let now = clock.now()
        let apply = { (state: inout PetState) -> [HistoryEvent] in settings.apply(to: &state, kind: kind, at: now) }
        guard let result = try change(id, at: now, reusing: reads, renamingTo: settings.name?.value, apply) else {
            throw PetError.unknownPet(query, suggestion: nil)
        }
        return result
    }

    /// Releases the pet, stamped after all its changes; a change made elsewhere before it arrived keeps it. Returns it.
    public func release(_ query: String) throws -> Pet {
        let state = try pet(query)
        let now = clock.now()
        _ = try change(state.pet.id, at: now, releasing: true) { state in
            [
                HistoryEvent(
                    at: now, event: .released, petID: state.pet.id, detail: .released(name: state.pet.identity.name))
            ]
        }
        return state.pet
    }

    /// One pet's events or all, newest first, each once, with what the view derives (finish, death, superseded change),
    /// and the load each belongs to as `loads` names it (an event's `loadID` is its washer's or dryer's run). Every
    /// pet's history keeps released pets' past and their `released` event, as `loads` keeps their loads.
    public func history(_ query: String?, limit: Int?) throws -> [(pet: Pet, event: HistoryEvent, load: UUID?)] {
        let merged = try query.map { [try find($0)] } ?? loadAll(includingReleased: true)
        let now = clock.now()
        let pets = merged.map { Self.settled($0.state, at: now).pet }
        let histories = eachHistory(merged, at: now) { _, events in
            var loadOf: [UUID: UUID] = [:]
            for load in LoadRecords.derive(events) {
                for run in [load.wash] + [load.dryer].compactMap(\.self) + load.extraDrying {
                    if let id = run.loadID { loadOf[id] = load.id }
                }
            }
            return (events: events, loadOf: loadOf)
        }
        // Newest first; events of the same instant keep the order they were written in, reversed.
        // Positions sorted, not the events (moving 10,400 events and their pets was 5 % of `history`).
        var order: [(at: Date, pet: Int, event: Int)] = []
        for (pet, history) in histories.enumerated() {
            for (index, event) in history.events.enumerated() { order.append((event.at, pet, index)) }
        }
        order.sort { ($0.at, $0.pet, $0.event) > ($1.at, $1.pet, $1.event) }
        return order.prefix(limit ?? order.count).map {
            let (events, loadOf) = histories[$0.pet]
            return (pets[$0.pet], events[$0.event], events[$0.event].loadID.flatMap { loadOf[$0] })
        }
    }

    public func statistics(weeks: Int, zone: LocalZone) -> LaundryStats {
        let now = clock.now()
        let merged = loadAll()
        let perPet = loadsOfEach(merged, at: now)
        // The days' folds are the folded loads' ends.
        let folds = perPet.flatMap { loads in loads.filter { $0.end == .folded }.compactMap(\.endedAt) }
        var stats = LaundryStats(
            pets: merged.map { Self.settled($0.state, at: now).pet }, folds: folds, now: now, zone: zone, weeks: weeks)
        stats.loads = LoadStats(
            pets: zip(merged, perPet).map {
                LoadStats.PetLoads(
                    id: $0.state.pet.id, name: $0.state.pet.identity.name, since: $0.state.pet.createdAt, loads: $1)
            }, now: now, weeks: weeks)
        stats.people = PersonFigures.of(perPet.flatMap { $0 }, now: now)
        return stats
    }

    func loadsOfEach(_ pets: [MergedPet], at now: Date) -> [[LoadRecord]] {
        eachHistory(pets, at: now) { _, history in LoadRecords.derive(history) }
    }

    /// Each pet's history (`historyEvents`) and what `transform` makes of it, a pet per core: decoding is most of
    /// `loads`, `history` and `stats` (bench "8 pets with five years of weekly loads": 150 → 95 ms on two cores).
    func eachHistory<Result: Sendable>(
        _ pets: [MergedPet], at now: Date, _ transform: @Sendable (MergedPet, [HistoryEvent]) -> Result
    ) -> [Result] {
        let storage = storage
        let results = Mutex([Int: Result]())
        DispatchQueue.concurrentPerform(iterations: pets.count) { index in
            let result = transform(pets[index], Self.historyEvents(of: pets[index], at: now, storage: storage))
            results.withLock { $0[index] = result }
        }
        return results.withLock { found in pets.indices.map { found[$0]! } }
    }

    /// A pet's history: every machine's events once, with what settling it now adds and the changes that lost.
    static func historyEvents(of pet: MergedPet, at now: Date, storage: any LaundryStorage) -> [HistoryEvent] {
        var view = pet.state
        let derived = StageMachine.settle(&view, at: now)
        return PetHistory.compose(storage.histories(pet.state.pet.id), merged: pet, derived: derived)
    }

    func loadAll(includingReleased: Bool = false) -> [MergedPet] {
        let snapshot = storage.loadAll(includingReleased: includingReleased)
        report(snapshot.problems)
        return snapshot.pets
    }

    /// The id of the pet a person named, with the bytes read, as `findPet`.
    func findID(_ query: String) throws -> (UUID, RecordReads) {
        let (pet, reads) = try findPet(query)
        return (pet.state.pet.id, reads)
    }

    /// The pet a person named, with the bytes read, so the locked change that follows rereads only what was replaced.
    func findPet(_ query: String) throws -> (MergedPet, RecordReads) {
        let reads = RecordReads()
        let snapshot = storage.loadAll(includingReleased: false, keeping: reads)
        report(snapshot.problems)
        return (try Self.matched(query, in: snapshot.pets), reads)
    }

    func find(_ query: String) throws -> MergedPet { try Self.matched(query, in: loadAll()) }

    /// The one way a name someone typed finds a pet (`PetMatcher`: any case, a unique prefix, an id).
    private static func matched(_ query: String, in pets: [MergedPet]) throws -> MergedPet {
        let id = try PetMatcher(pets.map { .init(id: $0.state.pet.id, name: $0.state.pet.identity.name) }).match(query)
        guard let pet = pets.first(where: { $0.state.pet.id == id }) else {
            throw PetError.unknownPet(query, suggestion: nil)
        }
        return pet
    }

    /// Settles, runs `move` under the pet's lock (and the names lock to rename), and writes the changed parts to this
    /// machine's record, stamped after every stamp seen, with the events. A refused move writes nothing; nil: no pet.
    func change(
        _ id: UUID, at now: Date, reusing reads: RecordReads? = nil, renamingTo newName: String? = nil,
        releasing: Bool = false, by person: Person? = nil, personal: Bool = true,
        _ move: (inout PetState) throws -> [HistoryEvent]
    ) throws -> PetState? {
        try prepareToWrite()
        let here = try storage.deviceID()
        // A plug's doing is no one's.
        let person = personal ? person ?? self.person : nil
        func write() throws -> PetState? {
            let result = try self.storage.update(id, device: here, reusing: reads, reporting: report) { merged, own in
                guard !merged.isReleased else { return (PetState?.none, nil, []) }
                guard !merged.state.pet.isFromNewerVersion else {
                    throw StoreError.newerSchema(
                        pet: merged.state.pet.identity.name, path: self.paths.machines,
                        version: merged.newestSchema)
                }
                var state = merged.state
                let settled = StageMachine.settle(&state, at: now)
                var moved = state
                let made = try move(&moved)
                // A load this change started is the person's, for whose machines ring first.
                if let timer = moved.load, timer.id != state.load?.id, personal { moved.load?.startedBy = person }
                let changed = releasing ? [.release] : PetPart.changed(from: state.pet, to: moved.pet)
                guard !changed.isEmpty || !made.isEmpty else { return (moved, nil, []) }
                // A release is later than every change seen; a change, than every stamp of its parts.
                let stamp = merged.stamps.next(for: releasing ? PetPart.allCases : changed, at: now, device: here)
                var record = own ?? PetRecord(id: id, createdAt: merged.state.pet.createdAt)
                for part in changed { record.set(part, from: moved.pet, stamp: stamp) }
                let changes = changed.map { HistoryEvent.PartChange(part: $0, after: merged.stamps[$0]) }
                let events =
                    settled
                    + made.map { event in
                        var event = event
                        event.device = here
                        event.by = person
                        event.stamp = stamp
                        event.changed = changes
                        return event
                    }
                return (moved, record, events)
            }
            return result ?? nil
        }
        guard let newName else { return try write() }
        return try storage.withNamesLock { () throws -> PetState? in
            try self.storage.requireUniqueName(newName, except: id)
            return try write()
        }
    }

    func report(_ found: [StoreProblem]) {
        for problem in found where !warnings.contains(.store(problem)) { warnings.append(.store(problem)) }
    }

}
