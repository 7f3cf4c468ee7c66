import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryRendering

/// doctor's lines about Home Assistant: whether the daemon reaches the broker, whether it bridges
/// or another machine does, and a password others could read.
enum DoctorBrokerCheck {
    static func check(
        _ report: inout DoctorReport, config: DaemonConfig, status: DaemonStatus?, configPath: String?,
        environment: [String: String]
    ) {
        guard let settings = config.mqtt else { return }
        let area = Words.text("home assistant")
        for warning in BrokerCheck.warnings(settings, configPath: configPath, environment: environment) {
            report.warning(area, BrokerCheckText.line(warning), fix: Words.text("see README, \"In Home Assistant\""))
        }
        guard let status else {
            report.ok(area, Words.text("{url}, when the daemon runs", ["url": settings.url]))
            return
        }
        guard let broker = status.broker else {
            report.warning(
                area, Words.text("the daemon was started before mqtt was set in config.json"),
                fix: "laundry daemon stop && laundry daemon start")
            return
        }
        switch broker.role {
        case "bridging":
            report.ok(area, Words.text("the pets are on {url} for Home Assistant", ["url": broker.url]))
        case "quiet":
            report.ok(
                area,
                Words.text(
                    "another machine ({host}) bridges this household to {url}; this one stays quiet",
                    ["host": broker.detail ?? "?", "url": broker.url]))
        case "connecting":
            report.ok(area, Words.text("connected to {url}, a moment from bridging", ["url": broker.url]))
        default:
            let reason = broker.problem.map(BrokerProblemText.line) ?? broker.detail ?? Words.text("not connected yet")
            report.warning(
                area,
                Words.text("the broker {url} is not in use: {reason}", ["url": broker.url, "reason": reason]),
                fix: Words.text(
                    "check that the broker runs and config.json's mqtt.url; the daemon keeps trying (the pets' "
                        + "timers and popups do not wait on it)"))
        }
        if !broker.appliancesRunning.isEmpty {
            report.ok(
                Words.text("appliances"),
                Words.text(
                    "running now: {appliances}", ["appliances": broker.appliancesRunning.joined(separator: ", ")]))
        }
    }
}
