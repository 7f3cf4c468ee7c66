import FoundationEssentials

/// Why the daemon wants the session kept from suspending, and until when it expects to.
public struct AwakeWish: Equatable, Sendable {
    /// "Socks: wash ends at 14:35", "2 loads, the last ends at 15:10", "Socks is done and waiting".
    public let reason: String
    /// The last running load's end, or when the bell gives up.
    public let until: Date?
}
