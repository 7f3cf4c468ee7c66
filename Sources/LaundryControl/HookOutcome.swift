import FoundationEssentials

/// How a hook run ended, worded by `HookOutcomeText` for the log and `notify-test`; thrown when the hook cannot start.
public struct HookOutcome: Error, Codable, Equatable, Sendable {
    public enum End: Codable, Equatable, Sendable {
        case exited(status: Int32)
        case killedBySignal(Int32)
        /// Killed at `hookTimeoutSeconds`.
        case timedOut(seconds: Double)
        /// It could not be started (`errno`: why).
        case notStarted(program: String, errno: Int32)
    }

    public var end: End
    /// The last line it wrote to stderr, if any.
    public var stderr: String?

    public init(_ end: End, stderr: String? = nil) {
        self.end = end
        self.stderr = stderr
    }
}
