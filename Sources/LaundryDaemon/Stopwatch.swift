import FoundationEssentials
import LaundryCore

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Wall-clock and CPU time since it was made, for the timing log (LAUNDRY_LOG_TIMINGS=1): the CPU
/// figure tells the daemon's own work from time it spent waiting for the other core.
struct Stopwatch {
    private let wall = Stopwatch.monotonicMilliseconds()
    private let cpu = Stopwatch.threadCPUMilliseconds()

    /// "12.34 ms"
    var wallTime: String {
        Self.text(Self.monotonicMilliseconds() - wall)
    }
    var cpuTime: String { Self.text(Self.threadCPUMilliseconds() - cpu) }
    /// Wall seconds since it started.
    var seconds: Double { (Self.monotonicMilliseconds() - wall) / 1000 }

    static func text(_ milliseconds: Double) -> String { DigitText.fixed(milliseconds, 2) + " ms" }

    private static func monotonicMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    private static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }
}
