import FoundationEssentials

/// Something the notification service has to tell the user about one pet.
public struct Announcement: Equatable, Sendable {
    /// When a finish is announced, against when the load ended.
    public enum Lateness: Equatable, Sendable {
        case onTime
        /// Well after its end (the daemon was not running): seconds late.
        case late(Double)
        /// It ended while this computer slept, this many seconds before it woke (under a minute: just now).
        case whileAsleep(Double)
    }

    public enum Reason: Equatable, Sendable {
        /// A timer ended, and when that is told.
        case finished(LoadKind, Lateness)
        /// Health fell to a warning threshold.
        case healthWarning(Int)
        /// The load has sat wet or unfolded for `waiting` seconds.
        case neglected(Stage, waiting: Double)
        /// The dryer freed and this wet load, waiting `waiting` seconds, waited longest for it: time to move it in.
        case dryerFree(waiting: Double)
        /// A load ends in `minutesLeft` minutes (the heads-up, so the person can walk over).
        case headsUp(LoadKind, minutesLeft: Int)
        /// Someone nudged this machine's person about the pet, waiting in `stage` for `waiting` seconds (0: idle).
        case nudged(by: Person, Stage, waiting: Double)
        /// `laundry notify-test`.
        case test

        /// The event's name for a hook (`LAUNDRY_EVENT`).
        public var eventName: String {
            switch self {
            case .finished(.wash, _): return "washDone"
            case .finished(.dry, _): return "dryDone"
            case .finished(.extraDry, _): return "extraDryDone"
            case .healthWarning: return "warning"
            case .neglected: return "reminder"
            case .dryerFree: return "dryerFree"
            case .headsUp: return "headsUp"
            case .nudged: return "nudge"
            case .test: return "test"
            }
        }

        /// The event a home dashboard is told of, or nil for none.
        public var homeEvent: String? {
            switch self {
            case .finished: return "finished"
            case .healthWarning: return "warning"
            case .neglected, .dryerFree: return "reminder"
            case .headsUp, .nudged, .test: return nil
            }
        }
    }

    public let petID: UUID
    public let petName: String
    public let health: Int
    public let reason: Reason
    /// The load a finish or heads-up is about, so a phone can replace what it was told of that load.
    public let load: Load?
    public var loadID: UUID? { load?.id }
    /// A finish by the clock while the appliance's plug still says it runs.
    public var stillRunning: Appliance?
    /// The household's dryer, for a wet load: busy with another load (until when), or freed.
    public var dryer: DryerWait?

    /// Whether it is about a wet load, waiting for the dryer: every surface then says what the dryer is doing.
    public var isAboutWetLoad: Bool {
        switch reason {
        case .finished(.wash, _), .neglected(.washed, _), .nudged(_, .washed, _), .dryerFree: return true
        default: return false
        }
    }

    public init(petID: UUID, petName: String, health: Int, reason: Reason, load: Load? = nil) {
        self.petID = petID
        self.petName = petName
        self.health = health
        self.reason = reason
        self.load = load
    }

    /// About `state`'s pet as it is at `now`.
    public init(about state: PetState, _ reason: Reason, load: Load? = nil, at now: Date) {
        self.init(
            petID: state.pet.id, petName: state.pet.identity.name, health: state.pet.health(at: now), reason: reason,
            load: load)
    }
}
