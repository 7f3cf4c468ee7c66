import FoundationEssentials
import LaundryCore

/// One bell for every unacknowledged finish, at most one ring per `alarmRepeatSeconds` (300 finishes over 25 s once
/// rang 300 times an interval). A new finish rings at once, restarting the cadence. Pure: time is a parameter.
struct AlarmSchedule {
    /// When each load waiting in the bell stops ringing by itself.
    private var givesUpAt: [UUID: Date] = [:]
    /// Loads whose `alarmMinutes` ran out, not yet taken by `takeGivenUp`.
    private var givenUp: Set<UUID> = []
    /// The bell's next ring; nil while no load waits.
    private(set) var earliest: Date?

    /// A load has just finished and rings now (the caller rings it): the cadence starts again.
    mutating func start(_ pet: UUID, at now: Date, config: DaemonConfig) {
        givesUpAt[pet] = now + config.alarmSpan
        moveOn(to: now.addingTimeInterval(config.alarmRepeatSeconds))
    }

    /// Takes the load out of the bell; true if it was in it.
    @discardableResult
    mutating func stop(_ pet: UUID) -> Bool {
        guard givesUpAt.removeValue(forKey: pet) != nil else { return false }
        if givesUpAt.isEmpty { earliest = nil }
        return true
    }

    /// The loads the bell rings for now, if its ring is due; the cadence moves on.
    mutating func due(at now: Date, config: DaemonConfig) -> Set<UUID> {
        guard let ring = earliest, ring <= now else { return [] }
        // A late wake-up (a suspend) rings once, not once per missed repeat.
        let missed = (now.timeIntervalSince(ring) / config.alarmRepeatSeconds).rounded(.down) + 1
        let ringing = Set(givesUpAt.keys)
        moveOn(to: ring + missed * config.alarmRepeatSeconds)
        return ringing
    }

    mutating func takeGivenUp() -> Set<UUID> {
        defer { givenUp = [] }
        return givenUp
    }

    /// The next ring is at `ring`: loads whose time runs out before it leave now, so the bell never wakes for nothing.
    private mutating func moveOn(to ring: Date) {
        let leaving = givesUpAt.filter { $0.value < ring }.keys
        for pet in leaving { givesUpAt[pet] = nil }
        givenUp.formUnion(leaving)
        earliest = givesUpAt.isEmpty ? nil : ring
    }

    var count: Int { givesUpAt.count }
    /// When the last load in the bell stops ringing by itself.
    var lastGivesUp: Date? { givesUpAt.values.max() }
    var pets: Dictionary<UUID, Date>.Keys { givesUpAt.keys }
}
