import FoundationEssentials
import LaundryCore

/// Times shown to people, in their time zone.
public enum LocalTime {
    /// `14:32`, or `Mon 14:32` when it is not today.
    public static func clock(_ date: Date, now: Date, zone: LocalZone = .current) -> String {
        let parts = zone.fields(of: date)
        let time = "\(DigitText.padded(parts.hour, 2)):\(DigitText.padded(parts.minute, 2))"
        if zone.isDate(date, inSameDayAs: now) { return time }
        return "\(LocalZone.shortWeekdaySymbols[parts.weekday - 1]) \(time)"
    }

    /// `2026-11-21 14:32`, or `2026-11-21 14:32:05` with seconds.
    public static func dateTime(_ date: Date, seconds: Bool = false, zone: LocalZone = .current) -> String {
        let parts = zone.fields(of: date)
        let minutes =
            DigitText.day(year: parts.year, month: parts.month, day: parts.day) + " "
            + "\(DigitText.padded(parts.hour, 2)):\(DigitText.padded(parts.minute, 2))"
        return seconds ? minutes + ":" + DigitText.padded(parts.second, 2) : minutes
    }
}
