import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryRendering
import Logging

/// The calendar side: each load the engine sees start, change, stop or be dealt with becomes a wish for `CalendarSync`.
final class CalendarLink: EngineObserver {
    let sync: CalendarSync
    private let clock: any WallClock

    /// Nil without `caldav` in config.json, or when its password cannot be used (logged).
    static func start(
        _ config: DaemonConfig, engine: DaemonEngine, clock: any WallClock, environment: [String: String],
        logger: Logger
    )
        -> CalendarLink?
    {
        guard let settings = config.caldav else { return nil }
        let password: String?
        do { password = try CalendarCheck.password(settings, environment: environment) } catch {
            logger.warning(
                "caldav: not started: \(CalendarSync.words(error))", metadata: CalendarSync.facts(error, "notStarted"))
            return nil
        }
        if settings.isPlainHTTP {
            logger.warning(
                line: "caldav: \(settings.url) is plain http: the password and the pets' names cross the "
                    + "network unencrypted")
        }
        let link = CalendarLink(
            sync: CalendarSync(
                settings: settings, password: password,
                pendingFile: engine.laundry.stateFolder + "/calendar-pending.json",
                logger: logger),
            clock: clock)
        let form = settings.form == .event ? "an event" : "a task"
        logger.info(
            "caldav: writing each running load to \(settings.url) as \(form)",
            metadata: ["surface": "caldav", "event": "started", "form": "\(settings.form)"])
        return link
    }

    private init(sync: CalendarSync, clock: any WallClock) {
        self.sync = sync
        self.clock = clock
    }

    func observe(_ event: EngineEvent, at moment: Moment) {
        let now = clock.now()
        switch event {
        case .load(.started(let load), let pet), .load(.changed(let load, _), let pet):
            put(CalendarWords.entry(for: load, petName: pet.name, at: now), at: now)
        case .load(.stopped(let load, _), _):
            sync.want(load.id.lowercasedText, .delete)
        case .acknowledged(let load, let pet):
            put(CalendarWords.entry(for: load, petName: pet.name, at: now, acknowledged: true), at: now)
        case .seen, .gone, .announced, .goingToSleep:
            break
        }
    }

    private func put(_ entry: CalendarEntry, at now: Date) {
        sync.want(entry.uid, .put(entry.text(as: sync.settings.form, stamp: now)))
    }
}
