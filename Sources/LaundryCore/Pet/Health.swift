import FoundationEssentials

/// How a pet feels, from its health.
public enum Mood: String, Codable, Sendable, CaseIterable {
    case happy, neutral, sad, verySad, dead

    public init(health: Int) {
        switch health {
        case 75...: self = .happy
        case 50..<75: self = .neutral
        case 25..<50: self = .sad
        case 1..<25: self = .verySad
        default: self = .dead
        }
    }

    /// The mood in words: its name, `very sad` in two.
    public var label: String { self == .verySad ? "very sad" : rawValue }
}

/// Health falls in a straight line from 100 to 0 over the pet's cycle, from its last finished laundry (or adoption).
public enum Health {
    /// The thresholds at which the notification service warns, highest first.
    public static let warningThresholds = [25, 10, 5, 0]
    /// The first threshold health crosses on its way down.
    public static let highestWarning = warningThresholds.max() ?? 0

    public static func value(since start: Date, cycleDays: Double, at now: Date) -> Int {
        let elapsedDays = max(0, now.timeIntervalSince(start)) / 86_400
        let lost = (elapsedDays / max(cycleDays, 0.000_001) * 100).rounded()
        return max(0, 100 - Int(min(lost, 1_000)))
    }

    /// The first moment health reads 0 (it is rounded: a little before the due date).
    public static func deathDate(since start: Date, cycleDays: Double) -> Date {
        start.addingTimeInterval(cycleDays * 86_400 * 0.995)
    }

    /// The first moment health can read `highestWarning` or less (25 from 74.5% of the cycle); a ms early, never late.
    public static func firstWarningDate(since start: Date, cycleDays: Double) -> Date {
        date(reaching: highestWarning, since: start, cycleDays: cycleDays)
    }

    /// The first moment health can read `threshold` or less (a millisecond early, never late).
    public static func date(reaching threshold: Int, since start: Date, cycleDays: Double) -> Date {
        let share = (100 - Double(threshold) - 0.5) / 100
        return start.addingTimeInterval(cycleDays * 86_400 * share - 0.001)
    }

    /// When the laundry is due: one whole cycle after the last one.
    public static func dueDate(since start: Date, cycleDays: Double) -> Date {
        start.addingTimeInterval(cycleDays * 86_400)
    }
}
