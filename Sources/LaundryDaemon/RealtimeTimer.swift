import CGLib
import FoundationEssentials
@preconcurrency import Glibc
import LaundryControl

/// One `timerfd` on `CLOCK_REALTIME`, armed at an absolute wall-clock time with `TFD_TIMER_CANCEL_ON_SET`: it fires
/// at the deadline even after a suspend, and wakes at once with `ECANCELED` when someone sets the clock.
public final class RealtimeTimer {
    public enum Wake { case deadline, clockChanged, spurious }

    public let fd: Int32

    public init() throws {
        fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { throw DaemonError.system("timerfd_create", errno) }
    }

    deinit { close(fd) }

    /// Arms at `date` (wall clock), or disarms with nil. A date in the past fires at once.
    public func arm(at date: Date?) {
        var spec = itimerspec()
        if let date {
            let seconds = max(date.timeIntervalSince1970, 0.000_001)
            let whole = seconds.rounded(.down)
            spec.it_value = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
            if spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0 { spec.it_value.tv_nsec = 1 }
        }
        // With a zero it_value, timerfd_settime disarms.
        timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET), &spec, nil)
    }

    public func acknowledge() -> Wake {
        var expirations: UInt64 = 0
        let count = read(fd, &expirations, MemoryLayout<UInt64>.size)
        if count == MemoryLayout<UInt64>.size { return .deadline }
        if count < 0 && errno == ECANCELED { return .clockChanged }
        return .spurious
    }
}
