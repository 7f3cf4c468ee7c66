import LaundryCore

/// Wall-clock time since it was made, for the timing log (LAUNDRY_LOG_TIMINGS=1), on the monotonic clock.
struct Stopwatch {
    private let start = ContinuousClock.now

    /// "12.34 ms"
    var wallTime: String {
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return DigitText.fixed(Double(seconds) * 1000 + Double(attoseconds) / 1e15, 2) + " ms"
    }
}
