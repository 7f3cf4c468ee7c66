import FoundationEssentials
@preconcurrency import Glibc

/// Where every piece of `laundry` asks for the time. Logic never calls `Date()` itself, so tests
/// can jump the wall clock, simulate a suspend or cross a DST change without sleeping.
public protocol WallClock: Sendable {
    func now() -> Date
    /// The real wall-clock moment at which this clock will read `date`, for arming kernel timers.
    func wallTime(for date: Date) -> Date
}

extension WallClock {
    public func wallTime(for date: Date) -> Date { date }
}

/// The real wall clock.
public struct SystemClock: WallClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// The real clock moved by a fixed offset: time still flows, but starts where a test put it.
/// The binary builds one from `LAUNDRY_FAKE_NOW` so end-to-end tests can jump days ahead.
public struct ShiftedClock: WallClock {
    public let offset: TimeInterval
    public init(offset: TimeInterval) { self.offset = offset }
    public init(startingAt start: Date, realNow: Date = Date()) {
        offset = start.timeIntervalSince(realNow)
    }
    public func now() -> Date { Date().addingTimeInterval(offset) }
    public func wallTime(for date: Date) -> Date { date.addingTimeInterval(-offset) }
}
