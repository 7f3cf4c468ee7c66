import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryRendering
import Logging

/// The daemon's side of the calendar: every load the engine sees start, change, stop or be dealt
/// with becomes a wish for its entry, written by `CalendarSync`.
final class CalendarLink {
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
            logger.info("caldav: not started: \(CalendarSync.words(error))")
            return nil
        }
        if settings.isPlainHTTP {
            logger.info(
                line: "caldav: warning: \(settings.url) is plain http: the password and the pets' names cross the "
                    + "network unencrypted")
        }
        let link = CalendarLink(
            sync: CalendarSync(
                settings: settings, password: password,
                pendingFile: engine.laundry.stateFolder + "/calendar-pending.json",
                logger: logger),
            clock: clock)
        engine.onLoadChanges = { [weak link] name, changes in link?.changed(name, changes) }
        engine.onLoadAcknowledged = { [weak link] load, name in link?.acknowledged(load, name) }
        logger.info(
            "caldav: writing each running load to \(settings.url) as \(settings.form == .event ? "an event" : "a task")"
        )
        return link
    }

    private init(sync: CalendarSync, clock: any WallClock) {
        self.sync = sync
        self.clock = clock
    }

    private func changed(_ name: String, _ changes: [LoadChange]) {
        let now = clock.now()
        for change in changes {
            switch change {
            case .started(let load), .changed(let load, _):
                put(CalendarWords.entry(for: load, petName: name, at: now), at: now)
            case .stopped(let load, _):
                sync.want(load.id.lowercasedText, .delete)
            }
        }
    }

    private func acknowledged(_ load: Load, _ name: String) {
        let now = clock.now()
        put(CalendarWords.entry(for: load, petName: name, at: now, acknowledged: true), at: now)
    }

    private func put(_ entry: CalendarEntry, at now: Date) {
        sync.want(entry.uid, .put(entry.text(as: sync.settings.form, stamp: now)))
    }
}
