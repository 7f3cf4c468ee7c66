import FoundationEssentials
@preconcurrency import Glibc
import LaundryStore

/// The daemon's lock, status and bell (`$XDG_RUNTIME_DIR/laundry/`) and log (`$XDG_STATE_HOME/laundry/daemon.log`).
public struct RuntimePaths: Sendable {
    public let runtime: String
    public let state: String

    public static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) -> RuntimePaths {
        let runtimeBase =
            environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? "/tmp/laundry-runtime-\(getuid())"
        return RuntimePaths(
            runtime: runtimeBase + "/laundry", state: LaundryPaths.stateFolder(environment: environment))
    }

    public var lock: String { runtime + "/daemon.lock" }
    public var status: String { runtime + "/daemon.json" }
    /// Appended to when a notification could not be shown; `laundry watch` rings when it grows.
    public var bell: String { runtime + "/bell" }
    public var log: String { state + "/daemon.log" }
}
