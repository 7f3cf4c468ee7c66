/// A span of washing or drying, in whole seconds, always within 1 s … 24 h.
public struct LaundryDuration: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public static let minimumSeconds = 1
    public static let maximumSeconds = 24 * 3600

    public let seconds: Int

    public init(seconds: Int) throws(DurationError) {
        guard seconds >= Self.minimumSeconds else { throw .tooShort }
        guard seconds <= Self.maximumSeconds else { throw .tooLong }
        self.seconds = seconds
    }

    public static func minutes(_ minutes: Int) -> LaundryDuration {
        // Only used with literals inside the valid range.
        try! LaundryDuration(seconds: minutes * 60)
    }

    public static func < (lhs: LaundryDuration, rhs: LaundryDuration) -> Bool { lhs.seconds < rhs.seconds }

    public var timeInterval: Double { Double(seconds) }

    /// As laundry shows a length, which `--for` reads back as the same: `45m`, `1h30m`, `90s` → `1m30s`.
    public var description: String { DurationText.length(seconds: seconds) }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(Int.self)
        do { try self.init(seconds: raw) } catch {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "duration \(raw) s is outside 1 s … 24 h"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(seconds)
    }
}

public enum DurationError: Error, Equatable, Sendable {
    case empty
    case malformed(String)
    /// A minute or second field of 60 or more after a larger unit (`1:99`, `1h61m`): what was typed, and how.
    case componentOutOfRange(String, DurationOverflow)
    case tooShort
    case tooLong
}

/// What a duration with a field of 60 or more adds up to, so its refusal can offer that length written right.
public struct DurationOverflow: Equatable, Sendable {
    /// Whether the minutes, the seconds, or both were 60 or more.
    public let minutes: Bool
    public let seconds: Bool
    /// What the fields add up to: `1:99` is 1 h and 99 min, 9,540 s (2h39m).
    public let totalSeconds: Int
    /// Typed in the clock form (`1:99`), so the hint offers that form first.
    public let clockForm: Bool

    public init(minutes: Bool, seconds: Bool, totalSeconds: Int, clockForm: Bool) {
        (self.minutes, self.seconds, self.totalSeconds, self.clockForm) = (minutes, seconds, totalSeconds, clockForm)
    }
}
