import LaundryControl

/// "A command that starts a timer starts the notification service" unless `LAUNDRY_NO_AUTOSTART=1`; failing only warns.
public struct DaemonAutostart: Sendable {
    let runtime: RuntimePaths
    let environment: [String: String]

    public init?(environment: [String: String]) {
        guard environment["LAUNDRY_NO_AUTOSTART"] != "1" else { return nil }
        runtime = RuntimePaths.resolve(environment: environment)
        self.environment = environment
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
