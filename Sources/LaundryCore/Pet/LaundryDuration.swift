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

    /// Compact form a user could type back: `45m`, `1h30m`, `90s` → `1m30s`.
    public var description: String { DurationText.compact(seconds: seconds) }

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

/// Reads a typed `LaundryDuration`: `45m`, `1h30m`, `90s`, `2h`, `1h 30m`, `1:30:00`, `1:30` (h:mm), or bare minutes
/// (`45`, `1.5`). Units go largest first; one after a larger must stay below 60 (`1h61m` refused, `90m` alone fine).
public enum DurationParser {
    public static func parse(_ input: String) throws(DurationError) -> LaundryDuration {
        let text = input.trimming().lowercased()
        guard !text.isEmpty else { throw .empty }
        let seconds: Int
        if text.contains(":") {
            seconds = try parseClockForm(text, original: input)
        } else if text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
            seconds = try parseBareMinutes(text, original: input)
        } else {
            seconds = try parseUnitForm(text, original: input)
        }
        return try LaundryDuration(seconds: seconds)
    }

    private static func parseBareMinutes(_ text: String, original: String) throws(DurationError) -> Int {
        guard let minutes = Double(text), minutes.isFinite, text.first != ".", text.last != "." else {
            throw .malformed(original)
        }
        guard minutes <= Double(LaundryDuration.maximumSeconds) else { throw .tooLong }
        return Int((minutes * 60).rounded())
    }

    private static func parseClockForm(_ text: String, original: String) throws(DurationError) -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
            parts.allSatisfy({
                !$0.isEmpty && $0.drop(while: { $0 == "0" }).count <= 6 && $0.allSatisfy { $0.isASCII && $0.isNumber }
            })
        else {
            throw .malformed(original)
        }
        let numbers = parts.map { Int($0)! }
        // Every field after the first is a minute or second field and must read like a clock.
        guard parts.dropFirst().allSatisfy({ $0.count == 2 }) else { throw .malformed(original) }
        let hours = numbers[0]
        let minutes = numbers[1]
        let seconds = parts.count == 3 ? numbers[2] : 0
        let total = hours * 3600 + minutes * 60 + seconds
        guard minutes < 60, seconds < 60 else {
            throw .componentOutOfRange(
                original,
                DurationOverflow(minutes: minutes >= 60, seconds: seconds >= 60, totalSeconds: total, clockForm: true))
        }
        guard hours <= 24 else { throw .tooLong }
        return total
    }

    private static func parseUnitForm(_ text: String, original: String) throws(DurationError) -> Int {
        let units: [(Character, Int)] = [("h", 3600), ("m", 60), ("s", 1)]
        var total = 0
        var digits = ""
        var significantDigits = 0
        var lastUnitIndex = -1
        var sawComponent = false
        // Fields of 60 or more after a larger unit: refused once the whole text has been read, with what it adds up to.
        var (minutesOver, secondsOver) = (false, false)
        for character in text {
            if character.isASCII && character.isNumber {
                // Leading zeros say nothing about size (0000090s is 90 seconds) and are not kept.
                if character == "0" && significantDigits == 0 {
                    if digits.isEmpty { digits = "0" }
                    continue
                }
                if digits == "0" { digits = "" }
                digits.append(character)
                significantDigits += 1
                guard significantDigits <= 6 else { throw .tooLong }
            } else if let unitIndex = units.firstIndex(where: { $0.0 == character }) {
                guard !digits.isEmpty, unitIndex > lastUnitIndex else { throw .malformed(original) }
                let value = Int(digits)!
                significantDigits = 0
                if lastUnitIndex >= 0 && value >= 60 {
                    if units[unitIndex].0 == "m" { minutesOver = true } else { secondsOver = true }
                }
                total += value * units[unitIndex].1
                lastUnitIndex = unitIndex
                digits = ""
                sawComponent = true
            } else if character == " " && digits.isEmpty {
                continue
            } else {
                throw .malformed(original)
            }
        }
        guard digits.isEmpty, sawComponent else { throw .malformed(original) }
        guard !minutesOver, !secondsOver else {
            throw .componentOutOfRange(
                original,
                DurationOverflow(minutes: minutesOver, seconds: secondsOver, totalSeconds: total, clockForm: false))
        }
        return total
    }
}

/// How durations are shown to people.
public enum DurationText {
    /// Within 0 … 1,000 years, so no value read from a file can overflow a conversion to Int.
    static func clamped(_ interval: Double) -> Double {
        interval.isFinite ? min(max(0, interval), 31_557_600_000) : 0
    }

    /// `1h30m`, `45m`, `1m30s`, `20s`.
    public static func compact(seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let secs = seconds % 60
        var text = ""
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if secs > 0 || text.isEmpty { text += "\(secs)s" }
        return text
    }

    /// `compact(seconds:)` of a span read from a file, whatever it holds.
    public static func compact(_ interval: Double) -> String { compact(seconds: Int(clamped(interval).rounded())) }

    /// A countdown: `4:05`, `1:02:03`. Rounds up, so a timer shows `0:01` until it has truly ended.
    public static func countdown(_ interval: Double) -> String {
        let total = Int(clamped(interval).rounded(.up))
        let hours = total / 3600
        let minutes = total % 3600 / 60
        let seconds = total % 60
        let (mm, ss) = (DigitText.padded(minutes, 2), DigitText.padded(seconds, 2))
        return hours > 0 ? "\(hours):\(mm):\(ss)" : "\(minutes):\(ss)"
    }

    /// A rough span for "due in" and "ago": `3d 4h`, `5h 10m`, `12m`, `40s`.
    public static func rough(_ interval: Double) -> String {
        let total = Int(clamped(interval))
        let days = total / 86_400
        let hours = total % 86_400 / 3600
        let minutes = total % 3600 / 60
        if days > 0 { return hours > 0 ? "\(days)d \(hours)h" : "\(days)d" }
        if hours > 0 { return minutes > 0 ? "\(hours)h \(minutes)m" : "\(hours)h" }
        if minutes > 0 { return "\(minutes)m" }
        return "\(total)s"
    }
}
