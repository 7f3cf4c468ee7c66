import FoundationEssentials
import LaundryCore
import LaundryRendering

/// Each running load as a Plasma progress-list job, updated with the cards each minute; pause and resume act as theirs.
final class PlasmaJobObserver: EngineObserver {
    private let tracker: any JobTracker
    private var running: RunningLoads
    private var shown: Set<UUID> = []

    init(tracker: any JobTracker, loads: @escaping RunningLoads.Lookup, press: @escaping (UUID, String) -> Void) {
        self.tracker = tracker
        running = RunningLoads(lookup: loads)
        tracker.onPause = { id in press(id, ButtonKey.pause.rawValue) }
        tracker.onResume = { id in press(id, ButtonKey.resume.rawValue) }
    }

    var nextWake: Date? { shown.isEmpty ? nil : running.nextMinute }

    func observe(_ event: EngineEvent, at moment: Moment) {
        for pet in running.take(event, at: moment.now) { refresh(pet, at: moment) }
    }

    func wake(at moment: Moment) {
        for pet in running.minutePassed(at: moment.now) { refresh(pet, at: moment) }
    }

    private func refresh(_ pet: UUID, at moment: Moment) {
        guard moment.config.notifications, moment.config.liveCard, let entry = running.entry(pet, at: moment.now) else {
            if shown.remove(pet) != nil { tracker.finish(pet) }
            return
        }
        shown.insert(pet)
        let card = LiveCard.content(
            for: entry.load, petName: entry.name, at: moment.now, zone: moment.zone, buttons: true)
        tracker.show(
            JobFace(
                title: card.summary, info: card.body, percent: card.percentDone ?? 0, suspended: entry.load.isPaused),
            for: pet)
    }
}
