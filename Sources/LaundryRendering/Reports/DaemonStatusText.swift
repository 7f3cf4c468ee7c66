import FoundationEssentials
import LaundryControl
import LaundryCore

/// What `laundry daemon status` and `start` say about the service.
public enum DaemonStatusText {
    public static var notRunning: String {
        Words.text("The laundry daemon is not running. Start it with: laundry daemon start")
    }

    public static func alreadyRunning(pid: Int32?) -> String {
        guard let pid else { return Words.text("The laundry daemon is already running.") }
        return Words.text("The laundry daemon is already running (pid {pid}).", ["pid": String(pid)])
    }

    public static func lines(_ status: DaemonStatus, runtime: RuntimePaths, now: Date) -> [String] {
        let uptime = DurationText.rough(now.timeIntervalSince(status.startedAt))
        var rows = [
            (Words.text("home:"), status.home),
            (
                Words.text("pets:"),
                Words.text(
                    "{pets}, timers armed: {timers}",
                    ["pets": Numbers.integer(status.pets), "timers": Numbers.integer(status.timersArmed)])
            ),
        ]
        if let next = status.nextDeadline {
            let countdown = DurationText.left(next.timeIntervalSince(now))
            rows.append(
                (
                    Words.text("next deadline:"),
                    Words.text(
                        "{when} (in {countdown})",
                        ["when": LocalTime.dateTime(next, seconds: true), "countdown": countdown])
                ))
        } else {
            rows.append((Words.text("next deadline:"), Words.text("none")))
        }
        if let server = status.server {
            rows.append(
                (Words.text("notifications:"), "\(server) (\(status.serverCapabilities.joined(separator: ", ")))"))
        } else {
            rows.append(
                (
                    Words.text("notifications:"),
                    Words.text("no notification server found; they go to {log}", ["log": runtime.log])
                ))
        }
        rows.append((Words.text("quiet hours:"), QuietHoursText.describe(status.quietHours, at: now)))
        rows.append((Words.text("keep awake:"), awake(status, now: now)))
        if let mode = status.dnd {
            rows.append((Words.text("do not disturb:"), doNotDisturb(mode: mode, on: status.doNotDisturb)))
        }
        if let broker = status.broker {
            rows.append((Words.text("home assistant:"), BrokerStatusText.line(broker).text))
        }
        // A daemon from before the tray says nothing of it.
        if let tray = status.tray { rows.append((Words.text("tray:"), TrayStatusText.line(tray).text)) }
        if let home = status.homeAssistant {
            rows.append((Words.text("machines:"), HomeAssistantStatusText.line(home, now: now).text))
            for machine in home.machines { rows.append(("", HomeAssistantStatusText.line(machine, now: now).text)) }
        }
        rows.append((Words.text("log:"), runtime.log))
        // The labels in a column as wide as the widest in the person's language.
        let width = (rows.map { TextWidth.of($0.0) }.max() ?? 0) + 1
        return [
            Words.text(
                "The laundry daemon is running (pid {pid}, up {uptime}).",
                ["pid": String(status.pid), "uptime": uptime])
        ] + rows.map { "  " + TextWidth.padded($0.0, to: width) + $0.1 }
    }

    /// What the desktop's do-not-disturb does to laundry now, as the daemon last read it.
    public static func doNotDisturb(mode: String, on desktop: String?) -> String {
        guard mode != "ring" else { return Words.text("rung through (\"dnd\": \"ring\" in config.json)") }
        guard let desktop else { return Words.text("off, as last read") }
        return Words.text("on ({desktop}): popups and sound wait for its end", ["desktop": desktop])
    }

    /// Whether the daemon holds the session awake, until when and through what, or why not.
    public static func awake(_ status: DaemonStatus, now: Date) -> String {
        guard let awake = status.awake else { return Words.text("off (\"keepAwake\": false in config.json)") }
        if let through = awake.through {
            guard let until = awake.until else {
                return Words.text(
                    "held through {through}: {reason}", ["through": through, "reason": awake.reason ?? ""])
            }
            return Words.text(
                "held until {until} through {through}: {reason}",
                ["until": LocalTime.clock(until, now: now), "through": through, "reason": awake.reason ?? ""])
        }
        if let problem = awake.why.map(words) ?? awake.problem, awake.reason != nil {
            return Words.text("wanted, but {problem}", ["problem": problem])
        }
        return Words.text("not needed now (no load runs or rings)")
    }

    /// Why the daemon could not keep this computer awake.
    public static func words(_ problem: KeepAwakeProblem) -> String {
        switch problem {
        case .noSessionBus: return Words.text("no session bus")
        case .noDesktop:
            return Words.text(
                "no desktop answers for a suspend inhibitor (no portal, gnome-session or PowerManagement)")
        case .refused(let tried):
            return Words.text(
                "no desktop took a suspend inhibitor ({answers})", ["answers": tried.joined(separator: "; ")])
        }
    }
}
