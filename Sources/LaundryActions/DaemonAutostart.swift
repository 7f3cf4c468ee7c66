import LaundryControl

/// The policy "a command that starts a timer starts the notification service", unless
/// `LAUNDRY_NO_AUTOSTART=1`. A failure is a warning: the timer itself is already saved.
public struct DaemonAutostart: Sendable {
    let runtime: RuntimePaths
    let environment: [String: String]

    public init?(environment: [String: String]) {
        guard environment["LAUNDRY_NO_AUTOSTART"] != "1" else { return nil }
        runtime = RuntimePaths.resolve(environment: environment)
        self.environment = environment
    }

    /// The pid of a daemon of the version before this layout running on this machine (its status
    /// names no layout), if any.
    func runningOldDaemon() -> Int32? {
        guard DaemonLock.isHeld(paths: runtime), let status = DaemonStatus.read(from: runtime.status),
            status.layout == nil
        else { return nil }
        return status.pid
    }

    /// Stops a daemon and waits (up to 5 s) until its lock is free; false if it did not stop.
    func stop(pid: Int32) -> Bool {
        DaemonLauncher.stop(pid: pid, runtime: runtime)
    }

    /// Starts the daemon unless one runs (`DaemonLauncher.start` looks); returns what went wrong, if anything.
    func ensureRunning() -> DaemonError? {
        do {
            try DaemonLauncher.start(runtime: runtime, environment: environment)
            return nil
        } catch {
            return error
        }
    }
}
