import FoundationEssentials
import LaundryCore

/// Times shown to people, in their time zone.
public enum LocalTime {
    /// `14:32`, or `Mon 14:32` when it is not today; `2:32 PM` where the locale (or the
    /// `"clock"` setting) counts 12 hours, with its own weekday names.
    public static func clock(_ date: Date, now: Date, zone: LocalZone = .current) -> String {
        let face = ClockFace.current
        let parts = zone.fields(of: date)
        let time = face.time(hour: parts.hour, minute: parts.minute)
        if zone.isDate(date, inSameDayAs: now) { return time }
        return "\(face.weekdays[parts.weekday - 1]) \(time)"
    }

    /// `dateTime` of many moments, for a table: the zone's rules read once, and its offset asked
    /// once an hour (an hour whose two ends differ is asked for each moment). 52,000 rows of
    /// `laundry loads` spent 55 ms asking the C library each time (bench row "`laundry loads`, 20
    /// pets with ten years of weekly loads, the second time", 10,400 rows).
    public static func dateTimes(_ dates: [Date], zone: LocalZone = .current) -> [String] {
        let zone = zone.settled()
        let face = ClockFace.current
        var offsets: [Int64: Int] = [:]
        return dates.map { date in
            let hour = Int64((date.timeIntervalSince1970 / 3600).rounded(.down))
            let offset: Int
            if let known = offsets[hour] {
                offset = known
            } else {
                let start = Date(timeIntervalSince1970: Double(hour) * 3600)
                let (first, last) = (zone.offset(at: start), zone.offset(at: start.addingTimeInterval(3599)))
                offset = first == last ? first : zone.offset(at: date)
                if first == last { offsets[hour] = first }
            }
            let parts = LocalZone.fields(of: date, offset: offset)
            guard face.cycle == .twentyFourHour, (1...9999).contains(parts.year) else {
                return DigitText.day(year: parts.year, month: parts.month, day: parts.day) + " "
                    + face.time(hour: parts.hour, minute: parts.minute)
            }
            // `2026-11-21 14:32` written into its 16 bytes (joining five strings was most of a row).
            return String(unsafeUninitializedCapacity: 16) { text in
                let digits = [
                    (0, parts.year, 4), (5, parts.month, 2), (8, parts.day, 2), (11, parts.hour, 2),
                    (14, parts.minute, 2),
                ]
                for (start, value, width) in digits {
                    var rest = value
                    for position in stride(from: start + width - 1, through: start, by: -1) {
                        text[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                        rest /= 10
                    }
                }
                (text[4], text[7], text[10], text[13]) = (UInt8(ascii: "-"), UInt8(ascii: "-"), 32, UInt8(ascii: ":"))
                return 16
            }
        }
    }

    /// `2026-11-21 14:32`, or `2026-11-21 14:32:05` with seconds (`2026-11-21 2:32:05 PM` on a
    /// 12-hour clock). The date stays ISO 8601: it reads the same in every language.
    public static func dateTime(_ date: Date, seconds: Bool = false, zone: LocalZone = .current) -> String {
        let face = ClockFace.current
        let parts = zone.fields(of: date)
        var time = face.time(hour: parts.hour, minute: parts.minute)
        if seconds {
            let second = ":" + DigitText.padded(parts.second, 2)
            // Before " PM", if there is one.
            time.insert(contentsOf: second, at: time.firstIndex(of: " ") ?? time.endIndex)
        }
        return DigitText.day(year: parts.year, month: parts.month, day: parts.day) + " " + time
    }
}
