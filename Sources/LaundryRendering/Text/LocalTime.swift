import FoundationEssentials
import LaundryCore

/// Times shown to people, in their time zone.
public enum LocalTime {
    /// `14:32`, or `Mon 14:32` if not today; `2:32 PM` where the locale (or `"clock"`) counts 12 hours, with its days.
    public static func clock(_ date: Date, now: Date, zone: LocalZone = .current) -> String {
        let face = ClockFace.current
        let parts = zone.fields(of: date)
        let time = face.time(hour: parts.hour, minute: parts.minute)
        if zone.isDate(date, inSameDayAs: now) { return time }
        return "\(face.weekdays[parts.weekday - 1]) \(time)"
    }

    /// `2026-11-21 14:32` (`:05` with seconds; `2:32:05 PM` on 12 hours): ISO dates read the same in every language.
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
