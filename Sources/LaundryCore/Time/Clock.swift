import FoundationEssentials
@preconcurrency import Glibc

/// Where `laundry` asks the time: logic never calls `Date()`, so tests jump the clock, suspend or cross DST instantly.
public protocol WallClock: Sendable {
    func now() -> Date
    /// The real wall-clock moment at which this clock will read `date`, for arming kernel timers.
    func wallTime(for date: Date) -> Date
}

extension WallClock {
    public func wallTime(for date: Date) -> Date { date }
}

public struct SystemClock: WallClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// The real clock moved by a fixed offset, flowing from where a test put it (`LAUNDRY_FAKE_NOW`, to jump days ahead).
public struct ShiftedClock: WallClock {
    public let offset: TimeInterval
    public init(startingAt start: Date) { offset = start.timeIntervalSince(Date()) }
    public func now() -> Date { Date().addingTimeInterval(offset) }
    public func wallTime(for date: Date) -> Date { date.addingTimeInterval(-offset) }
}
