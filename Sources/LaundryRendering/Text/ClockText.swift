import FoundationEssentials
import LaundryCore

/// The clock as `laundry doctor` shows it: local time, zone, offset, daylight saving.
public enum ClockText {
    /// `2026-11-01 01:30:00 EST (UTC-05:00)`, `… EDT (UTC-04:00), daylight saving`.
    public static func describe(_ now: Date, zone: LocalZone = .current) -> String {
        let offset = zone.offset(at: now)
        let sign = offset < 0 ? "-" : "+"
        let text = "\(sign)\(DigitText.padded(abs(offset) / 3600, 2)):\(DigitText.padded(abs(offset) % 3600 / 60, 2))"
        let local = LocalTime.dateTime(now, seconds: true, zone: zone)
        let clock = "\(local) \(zone.abbreviation(at: now)) (UTC\(text))"
        guard zone.isDaylightSavingTime(at: now) else { return clock }
        return Words.text("{clock}, daylight saving", ["clock": clock])
    }
}
