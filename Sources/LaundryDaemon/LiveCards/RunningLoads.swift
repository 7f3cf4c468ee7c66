import FoundationEssentials
import LaundryCore

/// The pets whose load runs or is paused now, from the engine's events: what live cards and progress lists show,
/// brought up to date together on the minute (one wake for every load, not one each on its own minute).
///
/// The loads themselves stay the engine's, read when a card is drawn: a copy of each (its name and `Load`) in a
/// dictionary here took about 400 B a load for each of the two surfaces (heaptrack, 1,010 loads).
struct RunningLoads {
    /// A pet's load running or paused now, as the engine holds it (nil: none).
    typealias Lookup = (UUID) -> (name: String, load: Load)?

    private let lookup: Lookup
    /// Whether each pet's load is paused: a paused load alone needs no minute.
    private var paused: [UUID: Bool] = [:]
    /// The next minute the words move at, while a load counts down.
    private(set) var nextMinute: Date?

    init(lookup: @escaping Lookup) {
        self.lookup = lookup
    }

    /// The pets whose load runs or is paused.
    var pets: [UUID: Bool].Keys { paused.keys }

    /// The pet's load as a card shows it, while it runs or is paused (nil: none, or at its end).
    func entry(_ pet: UUID, at now: Date) -> (name: String, load: Load)? {
        guard paused[pet] != nil, let entry = lookup(pet), !entry.load.hasEnded(at: now) else { return nil }
        return entry
    }

    /// The pet's name while its load runs (for the log).
    func name(of pet: UUID) -> String? { paused[pet] == nil ? nil : lookup(pet)?.name }

    /// Takes what an event says of a pet; returns the pets whose load appeared, changed or went.
    mutating func take(_ event: EngineEvent, at now: Date) -> [UUID] {
        switch event {
        case .seen(let state):
            let id = state.pet.id
            if let load = state.liveLoad, !load.hasEnded(at: now) {
                paused[id] = load.isPaused
            } else {
                paused[id] = nil
            }
            schedule(after: now)
            return [id]
        case .gone(let id):
            paused[id] = nil
            return [id]
        case .announced(let words):
            // A finish: the load's card and job give way to its popup, already posted.
            guard case .finished = words.announcement.reason else { return [] }
            paused[words.announcement.petID] = nil
            return [words.announcement.petID]
        case .load, .acknowledged, .goingToSleep:
            return []
        }
    }

    mutating func minutePassed(at now: Date) -> [UUID] {
        for pet in Array(paused.keys) where entry(pet, at: now) == nil { paused[pet] = nil }
        nextMinute = nil
        schedule(after: now)
        return Array(paused.keys)
    }

    /// The next minute, once a load counts down (a minute already set stands: one not yet woken for is not skipped).
    private mutating func schedule(after now: Date) {
        guard paused.values.contains(false) else {
            nextMinute = nil
            return
        }
        if nextMinute == nil { nextMinute = Self.minute(after: now) }
    }

    /// The next whole minute of the clock: the one wake the cards, the jobs and the tray's label share.
    static func minute(after now: Date) -> Date {
        Date(timeIntervalSince1970: ((now.timeIntervalSince1970 / 60).rounded(.down) + 1) * 60)
    }
}
