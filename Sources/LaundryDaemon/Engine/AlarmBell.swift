import FoundationEssentials
import LaundryCore

/// The bell: whose alarm rings, when again, when it gives up, and one sound per batch; the engine tells it and logs.
final class AlarmBell {
    private var alarms = AlarmSchedule()
    /// Pets whose finish or reminder calls for a sound, rung together once the batch is out: 1000 finishes, one sound.
    private var ringSoon: Set<UUID> = []
    private let sound: any SoundPlayer

    init(sound: any SoundPlayer) { self.sound = sound }

    var nextRing: Date? { alarms.earliest }
    var ringingCount: Int { alarms.count }
    var ringing: Dictionary<UUID, Date>.Keys { alarms.pets }
    var lastGivesUp: Date? { alarms.lastGivesUp }

    /// The pet's load was dealt with: its alarm stops, a sound playing for it is cut off; true if an alarm was ringing.
    func stop(_ pet: UUID) -> Bool {
        ringSoon.remove(pet)
        // A last ring, or a reminder's one, has no alarm left but may still be playing.
        sound.silence(pet)
        return alarms.stop(pet)
    }

    /// The sound was turned off: every alarm stops.
    func silence(_ pets: some Sequence<UUID>) {
        for pet in pets where alarms.stop(pet) { sound.silence(pet) }
    }

    /// Alarms due at `time` (rung by the next `ringNow`, or stopped with sound off or in quiet hours), and those spent.
    func ringAgain(at time: Date, config: DaemonConfig, quietNow: Bool) -> (again: Set<UUID>, gaveUp: Set<UUID>) {
        let due = alarms.due(at: time, config: config)
        let gaveUp = alarms.takeGivenUp()
        guard config.sound, !quietNow else {
            for pet in due { _ = alarms.stop(pet) }
            return ([], gaveUp)
        }
        ringSoon.formUnion(due)
        return (due, gaveUp)
    }

    /// A finish starts an alarm; a reminder rings once; any other popup for the pet replaces the one whose alarm rang.
    func announced(_ reason: Announcement.Reason, for pet: UUID, at time: Date, config: DaemonConfig, quietNow: Bool) {
        switch reason {
        case .finished:
            guard config.sound, !quietNow else { return }
            alarms.start(pet, at: time, config: config)
            // The bell rings at once, for every load waiting in it.
            ringSoon.formUnion(alarms.pets)
        case .neglected, .nudged, .dryerFree:
            guard config.sound, !quietNow else { return }
            ringSoon.insert(pet)
        case .healthWarning, .headsUp, .test:
            ringSoon.remove(pet)
            if alarms.stop(pet) { sound.silence(pet) }
        }
    }

    func ringNow() {
        guard !ringSoon.isEmpty else { return }
        sound.ring(for: ringSoon)
        ringSoon = []
    }
}
