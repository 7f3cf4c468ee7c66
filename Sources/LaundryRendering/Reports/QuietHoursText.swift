import FoundationEssentials
import LaundryCore

/// Quiet hours as `daemon status` and `doctor` show them.
public enum QuietHoursText {
    public static func describe(_ hours: QuietHours?, at now: Date, zone: LocalZone = .current) -> String {
        guard let hours else { return Words.text("none") }
        guard hours.contains(now, in: zone) else {
            return Words.text("{hours} (off now)", ["hours": hours.description])
        }
        let end = hours.end(after: now, in: zone)
        return Words.text(
            "{hours} (on now, until {end})",
            ["hours": hours.description, "end": LocalTime.clock(end, now: now, zone: zone)])
    }
}
