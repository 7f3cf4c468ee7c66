import FoundationEssentials
import LaundryActions
import LaundryControl
import LaundryCore
import LaundryRendering

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `laundry daemon run`: takes the lock, wires the engine to libnotify and the GLib loop, and runs
/// until SIGTERM or SIGINT, leaving nothing half-written (every write is atomic).
enum DaemonRunner {
    static func run(environment: [String: String], log: @escaping (String) -> Void) throws {
        let runtime = RuntimePaths.resolve(environment: environment)
        let clock = try LaundryClock.from(environment)
        let laundry = try Laundry.open(environment: environment, clock: clock, startsDaemon: false)
        let lock = try DaemonLock(paths: runtime)
        try laundry.prepareFolders()
        let notifier = LibNotifyNotifier(iconPath: laundry.iconPath)
        notifier.onFailure = log
        let engine = DaemonEngine(
            laundry: laundry, clock: clock, notifier: notifier, messages: try laundry.loadMessages(),
            config: try laundry.loadConfig(), log: log, ringBell: { Bell.ring(runtime) })
        engine.logsTimings = environment["LAUNDRY_LOG_TIMINGS"] == "1"
        let timer = try RealtimeTimer()
        let watch = try DirectoryWatch(folders: laundry.watchedFolders)
        let startedAt = clock.now()
        log("started (pid \(getpid())) for \(laundry.home)")
        engine.start()
        var lastStatus: DaemonStatus?
        let reportStatus = {
            let status = DaemonStatus(
                pid: getpid(), startedAt: startedAt, home: laundry.home, pets: engine.petCount,
                timersArmed: engine.armedCount, nextDeadline: engine.nextDeadline,
                server: notifier.server.map { "\($0.name) \($0.version)" },
                serverCapabilities: notifier.server?.capabilities ?? [])
            if status != lastStatus {
                status.write(to: runtime.status)
                lastStatus = status
            }
        }
        reportStatus()
        let loop = MainLoop(
            engine: engine, clock: clock, timer: timer, watch: watch,
            reloadConfig: {
                do { return try laundry.loadConfig() } catch {
                    log("config.json not reloaded: \(ErrorText.line(for: error) ?? "\(error)")")
                    return nil
                }
            }, afterEvent: reportStatus, log: log)
        loop.run()
        unlink(runtime.status)
        withExtendedLifetime(lock) {}
        log("stopped")
    }
}
