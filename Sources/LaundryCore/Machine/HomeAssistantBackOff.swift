import FoundationEssentials

/// How long laundry waits before trying Home Assistant again: 1, 2, 4, 8, 16 s, then every 30 s, so a restarted Home
/// Assistant is followed again within half a minute of answering, and one that stays down costs two tries a minute.
public enum HomeAssistantBackOff {
    public static let longestSeconds = 30

    /// The pause after `failures` failed tries in a row (1 for the first).
    public static func seconds(afterFailures failures: Int) -> Int {
        guard failures > 0 else { return 0 }
        guard failures <= 5 else { return longestSeconds }
        return min(1 << (failures - 1), longestSeconds)
    }
}
