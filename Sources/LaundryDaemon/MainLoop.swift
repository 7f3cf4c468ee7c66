import CGLib
import FoundationEssentials
@preconcurrency import Glibc
import LaundryActions
import LaundryCore
import LaundryStore
import Logging

/// The one GLib loop (GDBus's signals need it): timerfd, directory watch, 30-second tick, signals; nothing polls.
public final class MainLoop {
    public static let tickSeconds: UInt32 = 30

    private let engine: DaemonEngine
    private let clock: any WallClock
    private let timer: RealtimeTimer
    private let watch: DirectoryWatch
    private let watchedFolders: () -> [String]
    private let reloadConfig: () -> DaemonConfig?
    private let afterEvent: () -> Void
    private let logger: Logger
    private let loop: OpaquePointer

    init(
        engine: DaemonEngine, clock: any WallClock, timer: RealtimeTimer, watch: DirectoryWatch,
        watchedFolders: @escaping () -> [String],
        reloadConfig: @escaping () -> DaemonConfig?, afterEvent: @escaping () -> Void, logger: Logger
    ) {
        self.engine = engine
        self.clock = clock
        self.timer = timer
        self.watch = watch
        self.watchedFolders = watchedFolders
        self.reloadConfig = reloadConfig
        self.afterEvent = afterEvent
        self.logger = logger
        loop = g_main_loop_new(nil, 0)
    }

    deinit { g_main_loop_unref(loop) }

    /// Runs until SIGTERM or SIGINT.
    public func run() {
        // File changes first: a command that cancels a timer a moment before its end wins.
        addFD(watch.fd, priority: G_PRIORITY_HIGH) { $0.engine.filesChanged($0.drainWatch()) }
        addFD(timer.fd, priority: G_PRIORITY_DEFAULT) { loop in
            switch loop.timer.acknowledge() {
            case .deadline, .spurious: loop.engine.filesChanged(loop.drainWatch())
            case .clockChanged: loop.engine.clockChanged()
            }
        }
        // Up to a third early, when the loop is awake anyway (Home Assistant's heartbeat, a load's minute).
        LooseTimeout.add(every: Double(Self.tickSeconds), slack: Double(Self.tickSeconds) / 3) { [unowned self] in
            engine.tick()
            rearm()
            return true
        }
        addSignal(SIGTERM) { $0.stop("SIGTERM") }
        addSignal(SIGINT) { $0.stop("SIGINT") }
        addSignal(SIGHUP) { loop in
            if let config = loop.reloadConfig() { loop.engine.reloadConfig(config) }
        }
        rearm()
        g_main_loop_run(loop)
    }

    /// Something from outside the loop's own sources (a bus signal): handled like any event, then the timerfd rearmed.
    func handle(_ work: (DaemonEngine) -> Void) {
        work(engine)
        rearm()
    }

    /// The notification server's events (button, dismissal, popup not shown, new server) are events of this loop:
    /// what follows (timerfd, inhibitor, `daemon.json`, Home Assistant) updates at once, not at the next 30 s tick.
    func takeEvents(of notifier: any Notifier) {
        let action = notifier.onAction
        let dismissed = notifier.onDismissed
        let notShown = notifier.onNotShown
        let serverChanged = notifier.onServerChanged
        notifier.onAction = { [unowned self] pet, key in handle { _ in action?(pet, key) } }
        notifier.onDismissed = { [unowned self] pet in handle { _ in dismissed?(pet) } }
        notifier.onNotShown = { [unowned self] pet, reason in handle { _ in notShown?(pet, reason) } }
        notifier.onServerChanged = { [unowned self] server in handle { _ in serverChanged?(server) } }
    }

    /// A progress list's pause and resume, handled as every event is (deadlines re-armed after).
    func takeEvents(of jobs: any JobTracker) {
        let pause = jobs.onPause
        let resume = jobs.onResume
        jobs.onPause = { [unowned self] pet in handle { _ in pause?(pet) } }
        jobs.onResume = { [unowned self] pet in handle { _ in resume?(pet) } }
    }

    /// Something else the loop listens to (the broker's events): `body` runs when `fd` is readable.
    func watch(fd: Int32, _ body: @escaping () -> Void) {
        addFD(fd, priority: G_PRIORITY_DEFAULT) { _ in body() }
    }

    func after(seconds: Double, _ body: @escaping () -> Void) {
        let handler: GSourceFunc = { data in
            Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue().fire()
            return 0
        }
        let milliseconds = UInt32(min(max(0, seconds * 1000), Double(UInt32.max)).rounded(.up))
        g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, handler, box { _ in body() }, Self.release)
    }

    private func stop(_ signal: String) {
        logger.info("\(signal): stopping", metadata: ["surface": "daemon", "event": "stopping", "signal": "\(signal)"])
        g_main_loop_quit(loop)
    }

    /// The pets whose files changed, nil for all: events were lost, or another machine's came (merges touch any pet).
    private func drainWatch() -> Set<UUID>? {
        let (ids, overflowed, fromElsewhere) = watch.drain()
        // A machine joined: its folders are watched from now on.
        if overflowed || fromElsewhere { watch.watch(watchedFolders()) }
        return overflowed || fromElsewhere ? nil : ids
    }

    /// After every event: arm the timerfd at the earliest deadline, then let the daemon report.
    private func rearm() {
        timer.arm(at: engine.nextDeadline.map { clock.wallTime(for: $0) })
        afterEvent()
    }

    private final class Callback {
        let body: (MainLoop) -> Void
        unowned let loop: MainLoop
        init(_ loop: MainLoop, _ body: @escaping (MainLoop) -> Void) {
            self.loop = loop
            self.body = body
        }
        func fire() {
            body(loop)
            loop.rearm()
        }
    }

    private func box(_ body: @escaping (MainLoop) -> Void) -> gpointer {
        Unmanaged.passRetained(Callback(self, body)).toOpaque()
    }

    private static let release: GDestroyNotify = { pointer in
        guard let pointer else { return }
        Unmanaged<Callback>.fromOpaque(pointer).release()
    }

    private func addFD(_ fd: Int32, priority: Int32, _ body: @escaping (MainLoop) -> Void) {
        let handler: GUnixFDSourceFunc = { _, _, data in
            Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue().fire()
            return 1
        }
        g_unix_fd_add_full(priority, fd, G_IO_IN, handler, box(body), Self.release)
    }

    private func addSignal(_ signal: Int32, _ body: @escaping (MainLoop) -> Void) {
        let handler: GSourceFunc = { data in
            Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue().fire()
            return 1
        }
        g_unix_signal_add_full(G_PRIORITY_HIGH, signal, handler, box(body), Self.release)
    }
}
