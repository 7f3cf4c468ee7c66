import FoundationEssentials

/// ISO 8601 timestamps in UTC with milliseconds (`2026-11-21T22:28:50.123Z`), the one form every file
/// and every `--json` output uses. Written by hand because it sits on the start-up path of every
/// command (1,000 pets means tens of thousands of dates), and a fixed format needs no formatter.
public enum Timestamp {
    public static func format(_ date: Date) -> String {
        let totalMillis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var days = totalMillis / 86_400_000
        var millisOfDay = totalMillis % 86_400_000
        if millisOfDay < 0 {
            millisOfDay += 86_400_000
            days -= 1
        }
        let (year, month, day) = civilDate(fromDays: days)
        let hour = millisOfDay / 3_600_000
        let minute = millisOfDay / 60_000 % 60
        let second = millisOfDay / 1000 % 60
        let millis = millisOfDay % 1000
        let time = [hour, minute, second].map { DigitText.padded(Int($0), 2) }.joined(separator: ":")
        return DigitText.day(year: Int(year), month: Int(month), day: Int(day)) + "T" + time + "."
            + DigitText.padded(Int(millis), 3) + "Z"
    }

    /// `2026-11-21T22:28:50Z`, to the second (rounded down), for what reads a plainer ISO 8601.
    public static func formatSeconds(_ date: Date) -> String {
        String(format(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))).dropLast(5)) + "Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`. Returns nil for anything else.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// The same, from the UTF-8 bytes of a file being read: no `String` made for each of a
    /// history's dates.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> Date? {
        var index = 0
        func number(_ width: Int) -> Int64? {
            guard index + width <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + width] {
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            index += width
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == character else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2),
            index < bytes.count, bytes[index] == 84 || bytes[index] == 116 || bytes[index] == 32
        else { return nil }
        index += 1
        guard let hour = number(2), expect(58), let minute = number(2), expect(58), let second = number(2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if expect(46) {
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetSeconds: Int64 = 0
        guard index < bytes.count else { return nil }
        if bytes[index] == 90 || bytes[index] == 122 {
            index += 1
        } else if bytes[index] == 43 || bytes[index] == 45 {
            let sign: Int64 = bytes[index] == 45 ? -1 : 1
            index += 1
            guard let offsetHours = number(2) else { return nil }
            _ = expect(58)
            guard let offsetMinutes = number(2), offsetHours <= 14, offsetMinutes < 60 else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count, day <= daysIn(month: month, year: year) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        // An offset can carry a moment out of years 0001–9999, which `format` cannot write back.
        guard (Self.earliestSeconds..<Self.endSeconds).contains(seconds) else { return nil }
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds since 1970.
    private static let earliestSeconds: Int64 = -62_135_596_800
    private static let endSeconds: Int64 = 253_402_300_800

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days-from-civil algorithm (proleptic Gregorian calendar).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilDate(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
