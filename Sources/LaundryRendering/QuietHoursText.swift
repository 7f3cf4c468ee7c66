import FoundationEssentials
import LaundryCore

/// Quiet hours as `daemon status` and `doctor` show them.
public enum QuietHoursText {
    public static func describe(_ hours: QuietHours?, at now: Date, zone: LocalZone = .current) -> String {
        guard let hours else { return "none" }
        guard hours.contains(now, in: zone) else { return "\(hours) (off now)" }
        let end = hours.end(after: now, in: zone)
        return "\(hours) (on now, until \(LocalTime.clock(end, now: now, zone: zone)))"
    }
}
