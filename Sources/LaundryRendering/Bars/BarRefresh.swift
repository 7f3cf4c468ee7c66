import FoundationEssentials
import LaundryCore

/// When `status --follow` must look again, no file changed: a shown countdown's second, a timer's end, else the minute.
public enum BarRefresh {
    /// - Parameter countsSeconds: whether what is printed shows seconds (a template may not).
    public static func next(_ status: BarStatus, countsSeconds: Bool) -> Date {
        let now = status.now
        let minute = (now.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60
        var next = Date(timeIntervalSince1970: minute)
        let running = status.views.compactMap { view in view.load.flatMap { $0.isPaused ? nil : $0 } }
        // A hair past the instant, so the countdown read then has truly turned over.
        let margin = 0.001
        for timer in running {
            next = min(next, timer.endsAt.addingTimeInterval(margin))
        }
        if countsSeconds, status.countsSeconds, let shown = status.focus?.remaining {
            // A countdown rounds up: 12.3 s shows 0:13 until 12.0 s are left.
            let untilTurnOver = shown - shown.rounded(.up) + 1
            next = min(next, now.addingTimeInterval(untilTurnOver + margin))
        }
        return max(next, now.addingTimeInterval(margin))
    }
}
