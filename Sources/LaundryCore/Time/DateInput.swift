import FoundationEssentials

public enum DateInputError: Error, Equatable, Sendable {
    case empty
    case malformed(String)
    case inFuture(String)
    case tooEarly(String)
}

/// `--last-washed`: ISO 8601 date (local midnight), date-time (local unless zoned), today, yesterday, now, N days ago.
public struct DateInputParser: Sendable {
    public let zone: LocalZone

    /// The process's zone (`TZ`, else `/etc/localtime`) unless another is given.
    public init(zone: LocalZone = .current) { self.zone = zone }

    public init(timeZone: TimeZone) { zone = LocalZone(timeZone) }

    public func parse(_ input: String, now: Date) throws(DateInputError) -> Date {
        let text = input.trimming().lowercased()
        guard !text.isEmpty else { throw .empty }
        let date: Date
        switch text {
        case "now": date = now
        case "today": date = zone.startOfDay(for: now)
        case "yesterday": date = daysBefore(1, now: now)
        default:
            if let days = Self.daysAgo(text) {
                date = daysBefore(days, now: now)
            } else if let absolute = Timestamp.parse(Self.fullyWritten(input.trimming()))
                ?? localDateTime(text)
            {
                date = absolute
            } else {
                throw .malformed(input)
            }
        }
        // A minute of slack so "now" typed by a script a moment later is not "in the future".
        guard date <= now.addingTimeInterval(60) else { throw .inFuture(input) }
        // Before 1970 is a typo, and before 1582 calendars disagree on what a date means.
        guard date >= Date(timeIntervalSince1970: 0) else { throw .tooEarly(input) }
        return date
    }

    /// ISO 8601 lets a zoned date-time drop seconds (`16:23Z`), an offset its minutes (`+01`); the parser wants both.
    static func fullyWritten(_ text: String) -> String {
        var characters = Array(text)
        guard characters.count > 16, characters[10] == "T" || characters[10] == "t" else { return text }
        if characters[13] == ":", "Zz+-".contains(characters[16]) { characters.insert(contentsOf: ":00", at: 16) }
        let tail = characters.suffix(3)
        if characters.count == 22, "+-".contains(tail.first!), tail.dropFirst().allSatisfy(\.isWholeNumber) {
            characters.append(contentsOf: ":00")
        }
        return String(characters)
    }

    /// "N days ago": this time, N calendar dates back; a skipped date (Kiritimati's 1994-12-31, Samoa's 2011-12-30)
    /// counts, a time its clocks never showed lands after the gap. Across DST a day is 23 or 25 hours.
    private func daysBefore(_ days: Int, now: Date) -> Date {
        zone.adding(days: -days, to: now)
    }

    /// `3 days ago`, `1 day ago`, `3d ago`.
    private static func daysAgo(_ text: String) -> Int? {
        let words = text.split(separator: " ")
        guard words.last == "ago" else { return nil }
        let head = words.dropLast()
        if head.count == 2, ["day", "days"].contains(head.last!), let count = Int(head.first!),
            (0...36_500).contains(count)
        {
            return count
        }
        if head.count == 1, head.first!.hasSuffix("d"), let count = Int(head.first!.dropLast()),
            (0...36_500).contains(count)
        {
            return count
        }
        return nil
    }

    /// A field of ASCII digits only: `Int` would also take `+1`.
    private static func digits(_ field: Substring) -> Int? {
        guard !field.isEmpty, field.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(field)
    }

    /// `2026-11-20`, `2026-11-20t18:30`, `2026-11-20 18:30:15`, read in the local time zone.
    private func localDateTime(_ text: String) -> Date? {
        let parts = text.split(whereSeparator: { $0 == "t" || $0 == " " })
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let dateFields = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        guard dateFields.count == 3, dateFields[0].count == 4, dateFields[1].count == 2, dateFields[2].count == 2,
            let year = Self.digits(dateFields[0]), let month = Self.digits(dateFields[1]),
            let day = Self.digits(dateFields[2])
        else { return nil }
        var (hour, minute, second) = (0, 0, 0)
        if parts.count == 2 {
            let timeFields = parts[1].split(separator: ":", omittingEmptySubsequences: false)
            guard timeFields.count == 2 || timeFields.count == 3,
                timeFields.allSatisfy({ $0.count == 2 }),
                let hours = Self.digits(timeFields[0]), let minutes = Self.digits(timeFields[1]),
                hours < 24, minutes < 60
            else { return nil }
            (hour, minute) = (hours, minutes)
            if timeFields.count == 3 {
                guard let seconds = Self.digits(timeFields[2]), seconds < 60 else { return nil }
                second = seconds
            }
        }
        guard LocalZone.isValid(year: year, month: month, day: day) else { return nil }
        return zone.date(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}
