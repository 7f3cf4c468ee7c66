import LaundryControl

/// What the daemon's broker connection is doing, in words: for `doctor` and `daemon status`.
public enum BrokerStatusText {
    /// The line, and whether it is a problem (the broker not in use).
    public static func line(_ broker: DaemonStatus.Broker) -> (text: String, isProblem: Bool) {
        switch broker.role {
        case "bridging":
            return (Words.text("the pets are on {url} for Home Assistant", ["url": broker.url]), false)
        case "quiet":
            return (
                Words.text(
                    "another machine ({host}) bridges this household to {url}; this one stays quiet",
                    ["host": broker.detail ?? "?", "url": broker.url]), false
            )
        case "connecting":
            return (Words.text("connected to {url}, a moment from bridging", ["url": broker.url]), false)
        default:
            let reason = broker.problem.map(BrokerProblemText.line) ?? broker.detail ?? Words.text("not connected yet")
            return (
                Words.text("the broker {url} is not in use: {reason}", ["url": broker.url, "reason": reason]), true
            )
        }
    }
}
