import FoundationEssentials
import LaundryCore

/// The loads running or paused now, by pet, from the engine's events: what live cards and progress lists show,
/// brought up to date together on the minute (one wake for every load, not one each on its own minute).
struct RunningLoads {
    private(set) var loads: [UUID: (name: String, load: Load)] = [:]
    /// The next minute the words move at, while a load counts down.
    private(set) var nextMinute: Date?

    /// Takes what an event says of a pet; returns the pets whose load appeared, changed or went.
    mutating func take(_ event: EngineEvent, at now: Date) -> [UUID] {
        switch event {
        case .seen(let state):
            let id = state.pet.id
            if let load = state.liveLoad, !load.hasEnded(at: now) {
                loads[id] = (state.pet.identity.name, load)
            } else {
                loads[id] = nil
            }
            schedule(after: now)
            return [id]
        case .gone(let id):
            loads[id] = nil
            return [id]
        case .announced(let words):
            // A finish: the load's card and job give way to its popup, already posted.
            guard case .finished = words.announcement.reason else { return [] }
            loads[words.announcement.petID] = nil
            return [words.announcement.petID]
        case .load, .acknowledged, .goingToSleep:
            return []
        }
    }

    mutating func minutePassed(at now: Date) -> [UUID] {
        for (id, entry) in loads where entry.load.hasEnded(at: now) { loads[id] = nil }
        nextMinute = nil
        schedule(after: now)
        return Array(loads.keys)
    }

    /// The next minute, once a load counts down (a minute already set stands: one not yet woken for is not skipped).
    private mutating func schedule(after now: Date) {
        guard loads.values.contains(where: { !$0.load.isPaused }) else {
            nextMinute = nil
            return
        }
        if nextMinute == nil {
            nextMinute = Date(timeIntervalSince1970: ((now.timeIntervalSince1970 / 60).rounded(.down) + 1) * 60)
        }
    }
}
