import FoundationEssentials
import LaundryCore
import LaundryRendering

/// The tray icon, told by the engine: every load running or paused (on any machine of the household) and every finish
/// waiting to be dealt with, shown through `TrayItem`; moved on with the live cards' minute, and only while a panel
/// shows it. The loads are the engine's own, read when a view is made: nothing is kept per load here.
final class TrayObserver: EngineObserver {
    private let item: any TrayItem
    private let clock: any WallClock
    /// The loads running or paused now, with their pets' names (`DaemonEngine.liveLoads`).
    private let loads: () -> [(name: String, load: Load)]
    /// Finishes announced and not yet dealt with, by pet, with the buttons their popup offered.
    private var waiting: [UUID: TrayView.Waiting] = [:]
    /// The last event's moment: what holds (config, zone) when the item is shown between events.
    private var latest: Moment?
    /// The next minute the words move at, while a panel shows a load counting down.
    private var nextMinute: Date?

    init(item: any TrayItem, clock: any WallClock, loads: @escaping () -> [(name: String, load: Load)]) {
        self.item = item
        self.clock = clock
        self.loads = loads
    }

    var nextWake: Date? { item.isShown ? nextMinute : nil }

    func observe(_ event: EngineEvent, at moment: Moment) {
        latest = moment
        switch event {
        case .announced(let words):
            guard case .finished = words.announcement.reason, let load = words.announcement.load else { break }
            waiting[load.petID] = TrayView.Waiting(
                name: words.announcement.petName, load: load,
                buttons: words.content(markup: false, buttons: true).actions)
        case .acknowledged(let load, let pet):
            if waiting[pet.id]?.load.id == load.id { waiting[pet.id] = nil }
        case .seen(let state):
            // Moved on (dried, folded, cancelled, released) another way than a button: no longer waiting.
            if let entry = waiting[state.pet.id], state.finishedLoad?.id != entry.load.id {
                waiting[state.pet.id] = nil
            }
        case .gone(let pet):
            waiting[pet] = nil
        case .load, .goingToSleep:
            break
        }
        show(at: moment)
    }

    func wake(at moment: Moment) {
        latest = moment
        show(at: moment)
    }

    /// The item just went up in a panel: it shows the present (the last event may be minutes old), and the minute's
    /// wake-ups begin.
    func refresh() {
        guard let latest else { return }
        show(at: Moment(now: clock.now(), quiet: latest.quiet, config: latest.config, zone: latest.zone))
    }

    private func show(at moment: Moment) {
        nextMinute = nil
        guard moment.config.tray else { return item.show(nil) }
        // No panel shows it: no view is made (each event would cost one as long as the list of loads).
        item.start()
        guard item.isShown else { return }
        let running = loads().filter { !$0.load.hasEnded(at: moment.now) }
        if running.contains(where: { !$0.load.isPaused }) {
            nextMinute = RunningLoads.minute(after: moment.now)
        }
        item.show(TrayView.of(running: running, waiting: Array(waiting.values), at: moment.now, zone: moment.zone))
    }
}
