import FoundationEssentials
import LaundryCore
import LaundryRendering

/// The `"hook"` of config.json hears every announcement, load start, change or early stop, finish dealt with, and
/// sleep, so a phone can schedule, move or withdraw its own end-of-load alarm, or clear a push dealt with elsewhere.
final class HookObserver: EngineObserver {
    private let launcher: any HookLauncher
    private let writer: AnnouncementWriter
    /// The load a washer's or dryer's run belongs to, as `loads` names it (`Laundry.loadID(ofRun:)`).
    private let loadOf: (LaundryCore.Load) -> UUID?
    /// The loads of the dryer runs already looked up: a run never changes load, and a dryer's is found by reading its
    /// pet's whole history on the main loop, so once per run rather than once per start, pause, finish and sleep.
    private var loadOfDryerRun: [UUID: UUID] = [:]

    init(launcher: any HookLauncher, writer: AnnouncementWriter, loadOf: @escaping (LaundryCore.Load) -> UUID?) {
        self.launcher = launcher
        self.writer = writer
        self.loadOf = loadOf
    }

    private func loadID(ofRun run: LaundryCore.Load) -> UUID? {
        if let known = loadOfDryerRun[run.id] { return known }
        let found = loadOf(run)
        if run.kind != .wash, let found {
            // A household runs a few dryers at a time; a daemon up for months forgets the old ones.
            if loadOfDryerRun.count >= 64 { loadOfDryerRun.removeAll() }
            loadOfDryerRun[run.id] = found
        }
        return found
    }

    func observe(_ event: EngineEvent, at moment: Moment) {
        guard let hook = moment.config.hook, var told = hookEvent(event, at: moment) else { return }
        // Each run named with its load, as history and `loads` name it; looked up only for a hook that runs.
        switch event {
        case .announced(let words): told.load?.loadID = words.announcement.load.flatMap(loadID(ofRun:))
        case .load(let change, _): told.load?.loadID = loadID(ofRun: change.load)
        case .acknowledged(let load, _): told.load?.loadID = loadID(ofRun: load)
        case .goingToSleep(let running):
            for index in told.running.indices { told.running[index].loadID = loadID(ofRun: running[index].load) }
        case .seen, .gone: break
        }
        launcher.run(told, command: hook, timeout: moment.config.hookTimeoutSeconds, quiet: moment.quiet)
    }

    private func hookEvent(_ event: EngineEvent, at moment: Moment) -> HookEvent? {
        let clock = { (date: Date) in LocalTime.clock(date, now: moment.now, zone: moment.zone) }
        switch event {
        case .announced(let words):
            return words.hookEvent
        case .load(let change, let pet):
            // A paused load's end is where it would be if it went on now.
            let end = change.load.pausedRemaining.map { moment.now.addingTimeInterval($0) } ?? change.load.endsAt
            return writer.hookEvent(for: change, petName: pet.name, ends: clock(end))
        case .acknowledged(let load, let pet):
            return writer.acknowledgedHookEvent(for: load, petName: pet.name)
        case .goingToSleep(let running):
            guard let last = running.last else { return nil }
            let loads = running.map {
                HookEvent.Load(id: $0.load.id, petID: $0.pet.id, petName: $0.pet.name, endsAt: $0.load.endsAt)
            }
            return writer.sleepingHookEvent(running: loads, lastEnds: clock(last.load.endsAt))
        case .seen, .gone:
            return nil
        }
    }
}
