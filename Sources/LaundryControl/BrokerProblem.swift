import FoundationEssentials

/// Why the broker is unused, worded by `BrokerProblemText` (log, `daemon status`, `doctor`); library reasons verbatim.
public enum BrokerProblem: Error, Codable, Equatable, Sendable {
    /// The broker answered and refused the connection (its MQTT reason).
    case refused(reason: String)
    /// The broker could not be reached, or the connection to it was lost.
    case unreachable(reason: String)
    /// The broker closed the connection without an error (it shut down).
    case closed
    /// config.json's `mqtt.passwordFile` cannot be read.
    case passwordUnreadable(path: String)
    /// The TLS files config.json names cannot be used.
    case tlsFiles(reason: String)
    /// The connection could not even be set up (no memory, no file descriptors).
    case setup(reason: String)
}
