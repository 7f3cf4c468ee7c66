import Foundation

/// The clock as `laundry doctor` shows it: local time, zone, offset, daylight saving.
public enum ClockText {
    public static func describe(_ now: Date, zone: TimeZone = .current) -> String {
        let offset = zone.secondsFromGMT(for: now)
        let sign = offset < 0 ? "-" : "+"
        let text = String(format: "%@%02d:%02d", sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
        let local = LocalTime.dateTime(now, seconds: true)
        return
            "\(local) \(zone.identifier) (UTC\(text))\(zone.isDaylightSavingTime(for: now) ? ", daylight saving" : "")"
    }
}
