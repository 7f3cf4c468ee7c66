import Foundation
import LaundryCore
import LaundryStore

/// The operations every entry point shares: a command calls one of these, and so will a button on
/// a notification. Each resolves the pet, changes it under its lock through the store, and returns
/// the pet as it now is. Problems found on the way (corrupt files set aside, orphaned timers) are
/// collected in `problems` for the caller to report.
public final class Laundry {
    public let store: PetStore
    public let kinds: KindCatalog
    public let clock: any WallClock
    public private(set) var problems: [StoreProblem] = []

    public init(store: PetStore, kinds: KindCatalog, clock: any WallClock) {
        self.store = store
        self.kinds = kinds
        self.clock = clock
    }

    // MARK: Looking

    /// Every pet, brought up to date, sorted by name.
    public func pets() -> [PetState] {
        let snapshot = store.settled(store.loadAll(), at: clock.now())
        report(snapshot.problems)
        // Keys computed once: a locale-aware comparison per pair was a tenth of `status` with 1,000 pets.
        return snapshot.states.map { ($0.pet.name.lowercased(), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The pet a user named, brought up to date.
    public func pet(_ query: String) throws(LaundryError) -> PetState {
        let id = try resolve(query)
        let now = clock.now()
        guard var state = try store.load(id) else { throw .unknownPet(query, suggestion: nil) }
        if state.needsSettling(at: now) {
            let snapshot = store.settled(PetStore.Snapshot(states: [state], problems: []), at: now)
            report(snapshot.problems)
            state = snapshot.states[0]
        }
        return state
    }

    public func resolve(_ query: String) throws(LaundryError) -> UUID {
        let snapshot = store.loadAll()
        report(snapshot.problems)
        return try PetMatcher(snapshot.states.map { .init(id: $0.pet.id, name: $0.pet.name) }).match(query)
    }

    // MARK: The cycle

    /// Does what a command (or a notification button) asks of the pet a user named.
    public func perform(_ action: PetAction, on query: String) throws(LaundryError) -> PetState {
        try perform(action, onPet: try resolve(query), query: query)
    }

    /// Does what a notification button asks of a pet known by its id.
    public func perform(_ action: PetAction, onPet id: UUID, query: String? = nil) throws(LaundryError) -> PetState {
        let now = clock.now()
        guard let state = try store.update(id, at: now, { (state: inout PetState) throws(LaundryError) in
            try action.apply(to: &state, at: now)
        }) else {
            throw .unknownPet(query ?? id.lowercasedText, suggestion: nil)
        }
        return state
    }

    // MARK: Pets

    public func adopt(_ request: PetSettings) throws(LaundryError) -> PetState {
        guard let name = request.name else { throw .invalidName("", reason: "a name cannot be empty or blank") }
        let kind = try kinds.resolve(request.kind ?? kinds.defaultKind)
        let now = clock.now()
        let pet = Pet(name: name, kind: kind, createdAt: now, washDuration: request.washDuration,
                      dryDuration: request.dryDuration, cycleDays: request.cycleDays, lastLaundryAt: request.lastWashed)
        try store.create(pet, events: [HistoryEvent(at: now, event: .adopted, petID: pet.id, detail: kind.id)])
        return PetState(pet: pet)
    }

    /// Changes a pet's name or settings; only the fields given change.
    public func configure(_ query: String, _ settings: PetSettings) throws(LaundryError) -> PetState {
        let kind = try settings.kind.map { (id) throws(LaundryError) in try kinds.resolve(id) }
        let id = try resolve(query)
        let apply = { (state: inout PetState, now: Date) throws(LaundryError) -> [HistoryEvent] in
            var pet = state.pet
            var events: [HistoryEvent] = []
            if let name = settings.name, name.value != pet.name {
                events.append(HistoryEvent(at: now, event: .renamed, petID: pet.id, detail: "\(pet.name) → \(name.value)"))
                pet.name = name.value
            }
            var changed: [String] = []
            if let kind, kind.id != pet.kind { pet.kind = kind.id; changed.append("kind \(kind.id)") }
            if let wash = settings.washDuration { pet.washDuration = wash; changed.append("wash \(wash)") }
            if let dry = settings.dryDuration { pet.dryDuration = dry; changed.append("dry \(dry)") }
            if let days = settings.cycleDays { pet.cycleDays = days; changed.append("every \(CycleDays.format(days))") }
            if let lastWashed = settings.lastWashed {
                pet.lastLaundryAt = lastWashed
                // Health may have risen past a warning again: let it warn again when it falls.
                let health = pet.health(at: now)
                pet.sentHealthWarnings = pet.sentHealthWarnings.filter { $0 >= health }
                changed.append("last washed \(Timestamp.format(lastWashed))")
            }
            if !changed.isEmpty {
                events.append(HistoryEvent(at: now, event: .settingsChanged, petID: pet.id, detail: changed.joined(separator: ", ")))
            }
            state.pet = pet
            return events
        }
        let now = clock.now()
        let result: PetState?
        if let name = settings.name {
            result = try store.rename(id, to: name, at: now, { (state: inout PetState) throws(LaundryError) in try apply(&state, now) })
        } else {
            result = try store.update(id, at: now, { (state: inout PetState) throws(LaundryError) in try apply(&state, now) })
        }
        guard let result else { throw .unknownPet(query, suggestion: nil) }
        return result
    }

    /// Deletes the pet and all its files. Returns the pet as it was.
    public func release(_ query: String) throws(LaundryError) -> Pet {
        let state = try pet(query)
        try store.remove(state.pet.id)
        return state.pet
    }

    // MARK: Record

    /// Events of one pet, or of every pet, newest first.
    public func history(_ query: String?, limit: Int?) throws(LaundryError) -> [(pet: Pet, event: HistoryEvent)] {
        let states = try query.map { (query) throws(LaundryError) in [try pet(query)] } ?? pets()
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

    public func statistics(weeks: Int, calendar: Calendar) -> LaundryStats {
        let states = pets()
        let events = states.flatMap { store.history($0.pet.id).events }
        return LaundryStats(pets: states.map(\.pet), events: events, now: clock.now(), calendar: calendar, weeks: weeks)
    }

    // MARK: Internals

    private func report(_ found: [StoreProblem]) {
        for problem in found where !problems.contains(problem) { problems.append(problem) }
    }
}
