import FoundationEssentials
import LaundryControl
import LaundryCore

/// What `laundry daemon status` and `start` say about the service.
public enum DaemonStatusText {
    public static let notRunning = "The laundry daemon is not running. Start it with: laundry daemon start"

    public static func alreadyRunning(pid: Int32?) -> String {
        "The laundry daemon is already running\(pid.map { " (pid \($0))" } ?? "")."
    }

    public static func lines(_ status: DaemonStatus, runtime: RuntimePaths, now: Date) -> [String] {
        let uptime = DurationText.rough(now.timeIntervalSince(status.startedAt))
        var lines = [
            "The laundry daemon is running (pid \(status.pid), up \(uptime))."
        ]
        lines.append("  home:          \(status.home)")
        lines.append("  pets:          \(status.pets), timers armed: \(status.timersArmed)")
        if let next = status.nextDeadline {
            let countdown = DurationText.countdown(next.timeIntervalSince(now))
            lines.append("  next deadline: \(LocalTime.dateTime(next, seconds: true)) (in \(countdown))")
        } else {
            lines.append("  next deadline: none")
        }
        if let server = status.server {
            lines.append("  notifications: \(server) (\(status.serverCapabilities.joined(separator: ", ")))")
        } else {
            lines.append("  notifications: no notification server found; they go to \(runtime.log)")
        }
        lines.append("  quiet hours:   \(QuietHoursText.describe(status.quietHours, at: now))")
        lines.append("  keep awake:    \(awake(status, now: now))")
        lines.append("  log:           \(runtime.log)")
        return lines
    }

    /// Whether the daemon holds the session awake, until when and through what, or why not.
    public static func awake(_ status: DaemonStatus, now: Date) -> String {
        guard let awake = status.awake else { return Words.text("off (\"keepAwake\": false in config.json)") }
        if let through = awake.through {
            let until = awake.until.map { " until \(LocalTime.clock($0, now: now))" } ?? ""
            return Words.text(
                "held{until} through {through}: {reason}",
                ["until": until, "through": through, "reason": awake.reason ?? ""])
        }
        if let problem = awake.problem, awake.reason != nil {
            return Words.text("wanted, but {problem}", ["problem": problem])
        }
        return Words.text("not needed now (no load runs or rings)")
    }
}
