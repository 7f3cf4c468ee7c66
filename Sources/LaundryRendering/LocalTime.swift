import Foundation

/// Times shown to people, in their time zone.
public enum LocalTime {
    /// `14:32`, or `Mon 14:32` when it is not today.
    public static func clock(_ date: Date, now: Date, calendar: Calendar = .current) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        if calendar.isDate(date, inSameDayAs: now) { return time }
        let weekday = calendar.shortWeekdaySymbols[calendar.component(.weekday, from: date) - 1]
        return "\(weekday) \(time)"
    }

    /// `2026-11-21 14:32`, or `2026-11-21 14:32:05` with seconds.
    public static func dateTime(_ date: Date, seconds: Bool = false, calendar: Calendar = .current) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let minutes = String(
            format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0)
        return seconds ? minutes + String(format: ":%02d", parts.second ?? 0) : minutes
    }
}
