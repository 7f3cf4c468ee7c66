import FoundationEssentials

/// ISO 8601 UTC timestamps with milliseconds (`2026-11-21T22:28:50.123Z`): the one form of every file and `--json`.
/// Written and read by arithmetic on the proleptic Gregorian calendar, not through `Date.ISO8601FormatStyle`: making
/// that style loads the machine's current time zone, 1.5 M of the 14 M instructions `laundry status` took with 10 pets
/// (callgrind), for timestamps that are always UTC.
public enum Timestamp {
    /// To the nearest ms.
    public static func format(_ date: Date) -> String {
        let milliseconds = Int64(clamped(date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, fraction) = floorDivide(milliseconds, 1000)
        return text(seconds: seconds) + "." + digits(fraction, 3) + "Z"
    }

    /// `2026-11-21T22:28:50Z`, to the second (rounded down), for what reads a plainer ISO 8601.
    public static func formatSeconds(_ date: Date) -> String {
        text(seconds: Int64(clamped(date.timeIntervalSince1970).rounded(.down))) + "Z"
    }

    /// `YYYY-MM-DDTHH:MM:SS` of a moment in seconds since 1970, UTC.
    private static func text(seconds: Int64) -> String {
        let (days, time) = floorDivide(seconds, 86_400)
        let (year, month, day) = LocalZone.civilDate(fromDays: days)
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))T\(digits(time / 3600, 2)):"
            + "\(digits(time / 60 % 60, 2)):\(digits(time % 60, 2))"
    }

    private static func digits(_ value: Int64, _ width: Int) -> String {
        DigitText.padded(Int(value), width)
    }

    /// Bounded (in milliseconds: years 1 to about 100,000), so no Date converts to an overflowing Int64.
    private static func clamped(_ value: Double) -> Double {
        value.isFinite ? min(max(value, -62_135_596_800_000), 3_093_527_980_800_000) : 0
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor - (value % divisor < 0 ? 1 : 0)
        return (quotient, value - quotient * divisor)
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`, `t`, `z` or a space for `T` (as typed), offsets up to
    /// ±14:59, years 1583–9999 (Gregorian everywhere); nil for anything else (30 February, a 60th minute, a bad
    /// offset, trailing text).
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func isDigit(_ index: Int) -> Bool { index < bytes.count && (48...57).contains(bytes[index]) }
        func number(_ start: Int, _ count: Int) -> Int? {
            guard (start..<start + count).allSatisfy(isDigit) else { return nil }
            return bytes[start..<start + count].reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            LocalZone.isValid(year: year, month: month, day: day),
            let hour = number(11, 2), hour < 24, let minute = number(14, 2), minute < 60,
            let second = number(17, 2), second < 60
        else { return nil }
        var fraction = 0.0
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return nil }
            // At most nine digits (a nanosecond) count: the rest means nothing here. One division: the nearest Double.
            var numerator = 0
            var scale = 1
            while isDigit(index) {
                if scale < 1_000_000_000 {
                    numerator = numerator * 10 + Int(bytes[index] - 48)
                    scale *= 10
                }
                index += 1
            }
            fraction = Double(numerator) / Double(scale)
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let colon = bytes.count == index + 6 && bytes[index + 3] == UInt8(ascii: ":")
            guard bytes.count == index + 5 || colon, let hours = number(index + 1, 2), hours <= 14,
                let minutes = number(index + (colon ? 4 : 3), 2), minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        let dayCount = LocalZone.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let seconds = dayCount * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
        guard (earliest..<end).contains(Double(seconds)) else { return nil }
        // From 2001 as a Date counts, so the fraction is added once, as Foundation's style added it.
        return Date(timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + fraction)
    }

    /// 1583-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds since 1970.
    private static let earliest: Double = -12_212_553_600
    private static let end: Double = 253_402_300_800
}
