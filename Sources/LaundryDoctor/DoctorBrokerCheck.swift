import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryRendering

/// doctor's lines about Home Assistant: whether the daemon reaches the broker, who bridges, a password others can read.
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
        guard
            let broker = report.daemonsConnection(
                area, url: settings.url, status: status,
                startedBefore: Words.text("the daemon was started before mqtt was set in config.json"), \.broker)
        else { return }
        let line = BrokerStatusText.line(broker)
        if line.isProblem {
            report.warning(
                area, line.text,
                fix: Words.text(
                    "check that the broker runs and config.json's mqtt.url; the daemon keeps trying (the pets' "
                        + "timers and popups do not wait on it)"))
        } else {
            report.ok(area, line.text)
        }
        if !broker.appliancesRunning.isEmpty {
            report.ok(
                Words.text("appliances"),
                Words.text(
                    "running now: {appliances}", ["appliances": broker.appliancesRunning.joined(separator: ", ")]))
        }
        for plug in (broker.plugsSilent ?? []).compactMap(Appliance.init(rawValue:)) {
            let silence =
                plug == .washer
                ? Words.text(
                    "the washer's plug has said nothing for longer than staleAfterSeconds while it runs: its "
                        + "energy is not counted and nothing ends until it speaks")
                : Words.text(
                    "the dryer's plug has said nothing for longer than staleAfterSeconds while it runs: its "
                        + "energy is not counted and nothing ends until it speaks")
            report.warning(
                Words.text("appliances"), silence,
                fix: Words.text("check that the plug is on and still publishes to its powerTopic"))
        }
    }
}
