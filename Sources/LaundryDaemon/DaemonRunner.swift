import Foundation
import LaundryActions
import LaundryCore
import LaundryStore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `laundry daemon run`: takes the lock, wires the engine to libnotify and the GLib loop, and runs
/// until SIGTERM or SIGINT, leaving nothing half-written (every write is atomic).
public enum DaemonRunner {
    public static func run(laundry: Laundry, data: DataDirectory, runtime: RuntimePaths, log: @escaping (String) -> Void) throws {
        let lock = try DaemonLock(paths: runtime)
        try laundry.store.ensureFolders()
        let messages = try data.loadMessages()
        let config = try ConfigFile.load(laundry.store.paths)
        let notifier = LibNotifyNotifier(iconPath: data.path + "/icons/laundry.svg")
        notifier.onFailure = log
        let engine = DaemonEngine(laundry: laundry, notifier: notifier, messages: messages, config: config, log: log,
                                  ringBell: { ringBell(runtime) })
        engine.logsTimings = ProcessInfo.processInfo.environment["LAUNDRY_LOG_TIMINGS"] == "1"
        let timer = try RealtimeTimer()
        let watch = try DirectoryWatch(folders: [laundry.store.paths.pets, laundry.store.paths.timers])
        let startedAt = laundry.clock.now()
        log("started (pid \(getpid())) for \(laundry.store.paths.root)")
        engine.start()
        var lastStatus: DaemonStatus?
        let reportStatus = {
            let status = DaemonStatus(pid: getpid(), startedAt: startedAt, home: laundry.store.paths.root, pets: engine.petCount,
                                      timersArmed: engine.armedCount, nextDeadline: engine.nextDeadline,
                                      server: notifier.server.map { "\($0.name) \($0.version)" },
                                      serverCapabilities: notifier.server?.capabilities ?? [])
            if status != lastStatus {
                status.write(to: runtime.status)
                lastStatus = status
            }
        }
        reportStatus()
        let loop = MainLoop(engine: engine, timer: timer, watch: watch, reloadConfig: {
            do { return try ConfigFile.load(laundry.store.paths) } catch {
                log("config.json not reloaded: \(error)")
                return nil
            }
        }, afterEvent: reportStatus, log: log)
        loop.run()
        unlink(runtime.status)
        withExtendedLifetime(lock) {}
        log("stopped")
    }

    /// One byte more in the bell file: each `laundry watch` rings when it sees it grow.
    static func ringBell(_ runtime: RuntimePaths) {
        let fd = open(runtime.bell, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        _ = write(fd, "\u{7}", 1)
        close(fd)
    }
}
