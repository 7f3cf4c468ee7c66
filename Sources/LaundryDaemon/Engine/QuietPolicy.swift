import FoundationEssentials
import LaundryCore

/// The user's quiet hours as the daemon applies them: whether on at a moment, and when something due may go out.
struct QuietPolicy {
    let hours: QuietHours?
    let zone: LocalZone
    /// Waiting out do-not-disturb: nothing is announced or rings; what is due is looked at every `DoNotDisturb.poll`.
    var holdsEverything = false

    func isOn(at date: Date) -> Bool { hours?.contains(date, in: zone) ?? false }

    /// `date`, or the end of the quiet hours that hold it.
    func allowed(_ date: Date) -> Date {
        guard let hours, hours.contains(date, in: zone) else { return date }
        return hours.end(after: date, in: zone)
    }
}
