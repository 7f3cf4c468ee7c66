/// How often a pet wants washing, in days: `--every 7`, `--every 3.5`.
public enum CycleDays {
    public static let range = 0.01...365.0

    public static func parse(_ text: String) throws(PetError) -> Double {
        let trimmed = text.trimming().lowercased()
        let number = trimmed.hasSuffix("d") ? String(trimmed.dropLast()) : trimmed
        guard let days = Double(number), days.isFinite else { throw .invalidCycleDays(text) }
        guard range.contains(days) else { throw .cycleDaysOutOfRange(text) }
        return days
    }

    public static func format(_ days: Double) -> String {
        days == days.rounded() ? "\(Int(days))d" : "\(days)d"
    }
}
