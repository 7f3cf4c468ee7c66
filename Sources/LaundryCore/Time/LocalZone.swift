import FoundationEssentials
@preconcurrency import Glibc

/// A local zone and calendar arithmetic. FoundationEssentials lacks zone data (`TimeZone.current` is GMT), so
/// `localtime_r` (`TZ`, `/etc/localtime`) gives it; all arithmetic uses the UTC offset at the moment shown, not now.
public struct LocalZone: Sendable {
    private enum Source: Sendable {
        /// `TZ` or `/etc/localtime`; `reread`: asked again on every use.
        case system(reread: Bool)
        case zone(TimeZone)
    }

    private let source: Source

    /// The zone of this process: `TZ`, else `/etc/localtime`, read again on every use.
    public static let current = LocalZone(source: .system(reread: true))

    /// This zone's rules as read now, not reread per moment, for tables of thousands of dates (`tzset` stats
    /// `/etc/localtime` and locks per call: 54,000 `stat`s, 98,000 futexes in `laundry loads` of 52,000 rows, strace).
    public func settled() -> LocalZone {
        guard case .system = source else { return self }
        tzset()
        return LocalZone(source: .system(reread: false))
    }

    /// A Foundation zone (fixed offsets; named zones too where full Foundation is linked, in tests).
    public init(_ zone: TimeZone) { source = .zone(zone) }

    private init(source: Source) { self.source = source }

    /// Wall-clock fields of a moment in this zone.
    public struct Fields: Sendable, Equatable {
        public var year: Int
        public var month: Int
        public var day: Int
        public var hour: Int
        public var minute: Int
        public var second: Int
        /// 1 is Sunday, 2 Monday, … 7 Saturday, as in the Gregorian `Calendar`.
        public var weekday: Int
        /// Seconds east of UTC at this moment.
        public var offset: Int
    }

    /// Seconds east of UTC at `date`.
    public func offset(at date: Date) -> Int {
        switch source {
        case .zone(let zone): return zone.secondsFromGMT(for: date)
        case .system(let reread): return Self.systemTime(date, reread: reread).map { Int($0.tm_gmtoff) } ?? 0
        }
    }

    /// `EST`, `+1245`: the zone's abbreviation at `date`.
    public func abbreviation(at date: Date) -> String {
        switch source {
        case .zone(let zone): return zone.abbreviation(for: date) ?? zone.identifier
        case .system(let reread):
            guard let time = Self.systemTime(date, reread: reread), let name = time.tm_zone else { return "UTC" }
            return String(cString: name)
        }
    }

    public func isDaylightSavingTime(at date: Date) -> Bool {
        switch source {
        case .zone(let zone): return zone.isDaylightSavingTime(for: date)
        case .system(let reread): return (Self.systemTime(date, reread: reread)?.tm_isdst ?? 0) > 0
        }
    }

    public func fields(of date: Date) -> Fields { Self.fields(of: date, offset: offset(at: date)) }

    public static func fields(of date: Date, offset: Int) -> Fields {
        let local = Int64((date.timeIntervalSince1970).rounded(.down)) + Int64(offset)
        var days = local / 86_400
        var secondOfDay = local % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = Self.civilDate(fromDays: days)
        // 1970-01-01 was a Thursday (5).
        let weekday = Int(((days % 7) + 7 + 4) % 7) + 1
        return Fields(
            year: Int(year), month: Int(month), day: Int(day), hour: Int(secondOfDay / 3600),
            minute: Int(secondOfDay / 60 % 60), second: Int(secondOfDay % 60), weekday: weekday, offset: offset)
    }

    /// The moment the clocks read this wall time: a skipped one (spring forward) takes the prior offset, landing after;
    /// one shown twice (fall back) is the first, as `Calendar` does, or the one at `preferredOffset` if it is one.
    public func date(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, preferredOffset: Int? = nil
    ) -> Date {
        let days = Self.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let local = days * 86_400 + Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)
        // Offsets a day either side of the wall time, read as if it were UTC, bracket the moment.
        let before = offset(at: Date(timeIntervalSince1970: Double(local - 86_400)))
        let after = offset(at: Date(timeIntervalSince1970: Double(local + 86_400)))
        let valid = [before, after].filter { candidate in
            offset(at: Date(timeIntervalSince1970: Double(local - Int64(candidate)))) == candidate
        }
        if let chosen = valid.first(where: { $0 == preferredOffset }) ?? valid.max() {
            return Date(timeIntervalSince1970: Double(local - Int64(chosen)))
        }
        return Date(timeIntervalSince1970: Double(local - Int64(before)))
    }

    public func startOfDay(for date: Date) -> Date {
        let parts = fields(of: date)
        return self.date(year: parts.year, month: parts.month, day: parts.day)
    }

    /// The same wall-clock time `days` calendar dates later (earlier if negative); a time shown twice at `date`'s
    /// offset. Skipped dates count: `Calendar.date(byAdding: .day, …)` steps 24 hours over one, landing a date off.
    public func adding(days: Int, to date: Date) -> Date {
        let parts = fields(of: date)
        let civil = Self.daysFromCivil(year: Int64(parts.year), month: Int64(parts.month), day: Int64(parts.day))
        let (year, month, day) = Self.civilDate(fromDays: civil + Int64(days))
        let fraction = date.timeIntervalSince1970 - date.timeIntervalSince1970.rounded(.down)
        return self.date(
            year: Int(year), month: Int(month), day: Int(day), hour: parts.hour, minute: parts.minute,
            second: parts.second, preferredOffset: parts.offset
        ).addingTimeInterval(fraction)
    }

    public func isDate(_ date: Date, inSameDayAs other: Date) -> Bool {
        let one = fields(of: date)
        let two = fields(of: other)
        return (one.year, one.month, one.day) == (two.year, two.month, two.day)
    }

    /// Whether a year, month and day name a real date (no 31 April, 29 February only in leap years).
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let days = Self.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let back = Self.civilDate(fromDays: days)
        return back == (Int64(year), Int64(month), Int64(day))
    }

    // Howard Hinnant's days-from-civil (proleptic Gregorian): arithmetic from `localtime_r`'s offsets, without ICU.
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

    private static func systemTime(_ date: Date, reread: Bool) -> tm? {
        // localtime_r need not notice a changed TZ; tzset makes it.
        if reread { tzset() }
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var result = tm()
        guard localtime_r(&seconds, &result) != nil else { return nil }
        return result
    }
}

/// Zero-padded numbers, in place of `String(format: "%02d")`.
public enum DigitText {
    /// `padded(7, 2)` is `07`; a negative number keeps its sign in front of the zeros.
    public static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count - (value < 0 ? 1 : 0)))
        return (value < 0 ? "-" : "") + zeros + digits
    }

    /// `2026-11-24`: the one way a day is written (ISO 8601), in timestamps, logs and tables.
    public static func day(year: Int, month: Int, day: Int) -> String {
        padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    /// `fixed(3.14159, 2)` is `3.14`, rounded half away from zero, as `%.2f` prints it.
    public static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded()
        guard scaled < 1e18 else { return String(value) }
        let whole = UInt64(scaled)
        let unit = UInt64(scale)
        let integer = String(whole / unit)
        let sign = value < 0 && whole != 0 ? "-" : ""
        guard decimals > 0 else { return sign + integer }
        let fraction = String(whole % unit)
        return sign + integer + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
