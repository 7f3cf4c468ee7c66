import FoundationEssentials
import LaundryControl
import LaundryCore

/// What the daemon's Home Assistant connection and each machine it follows are doing: for `doctor` and `daemon status`.
public enum HomeAssistantStatusText {
    /// The connection's line, and whether it is a problem.
    public static func line(_ status: DaemonStatus.HomeAssistant, now: Date) -> (text: String, isProblem: Bool) {
        switch status.state {
        case "connected":
            return (
                Words.text(
                    "following the machines on {url} (Home Assistant {version})",
                    ["url": status.url, "version": status.version ?? "?"]), false
            )
        case "connecting":
            return (Words.text("connecting to {url}", ["url": status.url]), false)
        default:
            let reason = status.problem.map(HomeAssistantProblemText.line) ?? Words.text("not connected yet")
            let again = status.retryAt.map { LocalTime.clock($0, now: now) } ?? "?"
            return (
                Words.text(
                    "{url} is not followed: {reason}; laundry's own timers are used, tried again at {time}",
                    ["url": status.url, "reason": reason, "time": again]), true
            )
        }
    }

    /// One machine: what it follows, what it says now, or that laundry's own timer is used.
    public static func line(_ machine: DaemonStatus.HomeAssistant.Machine, now: Date) -> (text: String, isProblem: Bool)
    {
        let name = machine.appliance == .washer ? Words.text("washer") : Words.text("dryer")
        let heard = Words.text(
            "{heard} of {count} entities heard: {entities}",
            [
                "heard": String(machine.heard.count), "count": String(machine.entities.count),
                "entities": machine.entities.joined(separator: ", "),
            ])
        guard !machine.usesOwnTimer else {
            return (
                Words.text(
                    "{machine}: no word from its entities ({heard}); laundry's own timer is used",
                    ["machine": name, "heard": heard]), true
            )
        }
        let doing: String
        switch machine.activity {
        case "running":
            doing =
                machine.endsAt.map { Words.text("running, ends {time}", ["time": LocalTime.clock($0, now: now)]) }
                ?? Words.text("running, its end not given")
        case "paused": doing = Words.text("paused")
        case "finished": doing = Words.text("finished")
        case "failed": doing = Words.text("reports an error")
        default: doing = Words.text("idle")
        }
        return (Words.text("{machine}: {doing} ({heard})", ["machine": name, "doing": doing, "heard": heard]), false)
    }
}
