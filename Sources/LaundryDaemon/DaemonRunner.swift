import CGLib
import FoundationEssentials
@preconcurrency import Glibc
import LaundryActions
import LaundryControl
import LaundryCore
import LaundryRendering
import LaundryStore
import Logging

/// `laundryd`: takes the lock, wires the engine to server and GLib loop, runs until SIGTERM/SIGINT; all writes atomic.
public enum DaemonRunner {
    public static func run(environment: [String: String], version: String, logger: Logger) throws {
        let runtime = RuntimePaths.resolve(environment: environment)
        let clock = try LaundryClock.from(environment)
        let laundry = try Laundry.open(environment: environment, clock: clock, startsDaemon: false)
        let lock = try DaemonLock(paths: runtime)
        // It writes no shared file but claims its machine folder like a first writing command, then watches folders.
        do { try laundry.prepareToWrite() } catch {
            logger.error(line: "the data folder could not be made ready: \(ErrorText.line(for: error) ?? "\(error)")")
        }
        for warning in laundry.warnings { logger.warning("\(ErrorText.line(for: warning))") }
        try laundry.prepareFolders()
        // One window for both: a finish's popup goes before any card update waiting with it.
        let window = NotifyWindow(logger: logger)
        let notifier = DBusNotifier(iconPath: laundry.iconPath, logger: logger, window: window)
        let cardNotifier = DBusNotifier(iconPath: laundry.iconPath, logger: logger, style: .cards, window: window)
        let jobs = PlasmaJobTracker(logger: logger)
        let config = startingConfig(laundry, logger: logger)
        useClock(config, logger: logger)
        let messages = try MessageCatalog.load(from: laundry.dataDirectory)
        let engine = DaemonEngine(
            laundry: laundry, clock: clock, notifier: notifier, messages: messages, config: config, logger: logger,
            ringBell: { Bell.ring(runtime) }, sound: GSoundPlayer(logger: logger))
        let press = { [unowned engine] (pet: UUID, key: String) in _ = engine.buttonPressed(petID: pet, action: key) }
        let liveLoad = { [unowned engine] (pet: UUID) in engine.liveLoad(of: pet) }
        let cards = LiveCardObserver(
            notifier: cardNotifier, clock: clock, logger: logger,
            serverShowsButtons: { notifier.server?.hasActions ?? true }, loads: liveLoad, press: press)
        engine.observers = [
            cards, PlasmaJobObserver(tracker: jobs, loads: liveLoad, press: press),
            HookObserver(
                launcher: HookRunner(logger: logger), writer: AnnouncementWriter(messages: messages),
                loadOf: { [laundry] in laundry.loadID(ofRun: $0) }),
        ]
        let doNotDisturb = DoNotDisturbReader()
        engine.readDoNotDisturb = { doNotDisturb.read(serverName: notifier.server?.name) }
        let timer = try RealtimeTimer()
        let watch = try laundry.makeWatch()
        let startedAt = clock.now()
        logger.info("started (pid \(getpid())) for \(laundry.home)")
        let home = HomeLink.start(
            config, laundry: laundry, engine: engine, clock: clock, version: version, environment: environment,
            logger: logger
        )
        let calendar = CalendarLink.start(
            config, engine: engine, clock: clock, environment: environment, logger: logger)
        let machines = MachineLink.start(
            config, engine: engine, clock: clock, environment: environment, logger: logger)
        if let home { engine.observers.append(home) }
        if let calendar { engine.observers.append(calendar) }
        if let machines { engine.observers.append(machines) }
        // The tray icon: its menu's buttons go through the same door as a popup's, once the loop runs.
        let tray = StatusNotifierItem(logger: logger)
        let trayObserver = tray.map {
            TrayObserver(item: $0, clock: clock, loads: { [unowned engine] in engine.liveLoads })
        }
        if let trayObserver { engine.observers.append(trayObserver) }
        tray?.onShown = { trayObserver?.refresh() }
        engine.start()
        let inhibitor = SessionSuspendInhibitor(logger: logger)
        let sleepWatch = SleepWatch(logger: logger)
        var asleep = false
        var lastStatus: DaemonStatus?
        let reportStatus = {
            home?.afterEvent()
            let wish = engine.awakeWish
            inhibitor.hold(wish)
            // logind's delay lock while a load runs, whatever keepAwake says (the hook tells the phone), off at sleep.
            let running = engine.runningLoadSummary.count
            sleepWatch.hold(
                asleep || running == 0
                    ? nil
                    : Words.count(
                        running, "to tell your phone about {count} load before sleeping",
                        "to tell your phone about {count} loads before sleeping"))
            let awake =
                engine.config.keepAwake
                ? DaemonStatus.Awake(
                    through: inhibitor.heldThrough, reason: wish?.reason, until: wish?.until,
                    problem: inhibitor.problem?.english, why: inhibitor.problem) : nil
            var status = DaemonStatus(
                pid: getpid(), startedAt: startedAt, home: laundry.home, pets: engine.petCount,
                timersArmed: engine.armedCount, nextDeadline: engine.nextDeadline,
                server: notifier.server.map { "\($0.name) \($0.version)" },
                serverCapabilities: notifier.server?.capabilities ?? [], quietHours: engine.config.quietHours,
                awake: awake, sleepDelayLock: sleepWatch.isHeld, broker: home?.status, version: version)
            status.dnd = engine.config.dnd.rawValue
            status.doNotDisturb = engine.doNotDisturbNow
            status.homeAssistant = machines?.status
            status.tray =
                engine.config.tray
                ? tray?.status ?? DaemonStatus.Tray(state: .noWatcher) : DaemonStatus.Tray(state: .off)
            status.calendar = calendar.map {
                DaemonStatus.Calendar(url: $0.sync.settings.url, problem: $0.sync.problem)
            }
            if status != lastStatus {
                status.write(to: runtime.status)
                lastStatus = status
            }
        }
        reportStatus()
        let loop = MainLoop(
            engine: engine, clock: clock, timer: timer, watch: watch, watchedFolders: { laundry.watchedFolders },
            reloadConfig: {
                do {
                    let config = try laundry.loadConfig()
                    useClock(config, logger: logger)
                    return config
                } catch {
                    let problem = ErrorText.line(for: error) ?? "\(error)"
                    logger.warning(
                        "config.json not reloaded, the previous settings stay: \(problem)",
                        metadata: ["surface": "settings", "event": "notReloaded", "problem": "\(problem)"])
                    return nil
                }
            }, afterEvent: reportStatus, logger: logger)
        loop.takeEvents(of: notifier)
        loop.takeEvents(of: cardNotifier)
        loop.takeEvents(of: jobs)
        tray?.onPress = { pet, key in
            loop.handle { engine in _ = engine.buttonPressed(petID: pet, action: key.rawValue) }
        }
        tray?.handle = { work in loop.handle { _ in work() } }
        sleepWatch.onPrepareForSleep = { sleeping in
            loop.handle { engine in
                asleep = sleeping
                if sleeping { engine.goingToSleep() } else { engine.wokeUp() }
            }
        }
        home?.attach(to: loop)
        machines?.attach(to: loop, afterEvent: reportStatus)
        if calendar != nil { reportCalendar(every: 2, loop: loop, reportStatus) }
        loop.run()
        // A card's buttons mean nothing once the daemon is gone: its cards go with it.
        cards.withdrawAll()
        tray?.stop()
        cardNotifier.flush()
        home?.stop()
        machines?.stop()
        inhibitor.hold(nil)
        sleepWatch.hold(nil)
        unlink(runtime.status)
        withExtendedLifetime(lock) {}
        logger.info("stopped", metadata: ["surface": "daemon", "event": "stopped"])
    }

    /// The calendar writes on its own queue, between loop events: this brings its findings to `daemon.json` in seconds.
    private static func reportCalendar(every seconds: Double, loop: MainLoop, _ report: @escaping () -> Void) {
        loop.after(seconds: seconds) {
            report()
            reportCalendar(every: seconds, loop: loop, report)
        }
    }

    /// Times in popups as config.json says, else as the desktop's clock shows them, else as the locale does.
    private static func useClock(_ config: DaemonConfig, logger: Logger) {
        let desktop = config.clock == nil ? DesktopClock.read() : nil
        Language.useClock(config.clock ?? desktop)
        if let desktop {
            logger.info(
                "times as the desktop's clock shows them: \(desktop.rawValue)",
                metadata: ["surface": "settings", "event": "desktopClock", "clock": "\(desktop.rawValue)"])
        }
    }

    /// The settings to start with: a broken file is logged and the defaults run: a typo never silences notifications.
    private static func startingConfig(_ laundry: Laundry, logger: Logger) -> DaemonConfig {
        do {
            let config = try laundry.loadConfig()
            logger.info("settings: \(ConfigSummary.line(config))", metadata: config.logFacts("loaded"))
            return config
        } catch {
            let problem = ErrorText.line(for: error) ?? "\(error)"
            logger.warning(
                "config.json not used, running with the defaults until it is fixed (then SIGHUP): \(problem)",
                metadata: DaemonConfig.defaults.logFacts("notUsed").merging(["problem": "\(problem)"]) { $1 })
            return .defaults
        }
    }
}
