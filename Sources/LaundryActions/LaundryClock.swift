import FoundationEssentials
import LaundryCore

/// The clock a process runs on: the real one, or, with `LAUNDRY_FAKE_NOW` (an ISO 8601 date-time),
/// one that starts at that moment and flows from there, for tests and demos days ahead.
public enum LaundryClock {
    public static func from(_ environment: [String: String]) throws(ActionError) -> any WallClock {
        guard let fake = environment["LAUNDRY_FAKE_NOW"], !fake.isEmpty else { return SystemClock() }
        guard let start = Timestamp.parse(fake) else { throw .invalidFakeNow(fake) }
        return ShiftedClock(startingAt: start)
    }
}
