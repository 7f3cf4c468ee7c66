import LaundryCore

/// The process's clock: the real one, or one flowing from `LAUNDRY_FAKE_NOW` (ISO 8601), for tests and demos ahead.
public enum LaundryClock {
    public static func from(_ environment: [String: String]) throws(ActionError) -> any WallClock {
        guard let fake = environment["LAUNDRY_FAKE_NOW"], !fake.isEmpty else { return SystemClock() }
        guard let start = Timestamp.parse(fake) else { throw .invalidFakeNow(fake) }
        return ShiftedClock(startingAt: start)
    }
}
