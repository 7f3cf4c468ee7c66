import FoundationEssentials
import LaundryCore

/// The alarms ringing now: a finished load rings every `alarmRepeatSeconds` until it is
/// acknowledged or `alarmMinutes` have passed. Pure: the time is a parameter.
struct AlarmSchedule {
    private struct Alarm {
        var nextRing: Date
        let givesUpAt: Date
    }

    private var alarms: [UUID: Alarm] = [:]

    /// Starts the pet's alarm: it has just rung once, at `now`.
    mutating func start(_ pet: UUID, at now: Date, config: DaemonConfig) {
        let repeats = Alarm(
            nextRing: now.addingTimeInterval(config.alarmRepeatSeconds), givesUpAt: now + config.alarmSpan)
        alarms[pet] = repeats.nextRing <= repeats.givesUpAt ? repeats : nil
    }

    /// Stops the pet's alarm; true if it was ringing.
    @discardableResult
    mutating func stop(_ pet: UUID) -> Bool { alarms.removeValue(forKey: pet) != nil }

    func isRinging(_ pet: UUID) -> Bool { alarms[pet] != nil }

    /// The pets whose alarm rings again now; each is moved on to its next ring, or ends when that
    /// would come after it gives up.
    mutating func due(at now: Date, config: DaemonConfig) -> Set<UUID> {
        var ringing: Set<UUID> = []
        for (pet, alarm) in alarms where alarm.nextRing <= now {
            ringing.insert(pet)
            // A late wake-up (a suspend) rings once, not once per missed repeat.
            let missed = (now.timeIntervalSince(alarm.nextRing) / config.alarmRepeatSeconds).rounded(.down) + 1
            var next = alarm
            next.nextRing += missed * config.alarmRepeatSeconds
            alarms[pet] = next.nextRing <= next.givesUpAt ? next : nil
        }
        return ringing
    }

    var earliest: Date? { alarms.values.map(\.nextRing).min() }
    var count: Int { alarms.count }
}
