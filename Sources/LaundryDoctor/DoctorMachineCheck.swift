import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryRendering

/// doctor's lines about the machines followed through Home Assistant: the token, plain http, whether the daemon
/// follows them now and what each says, or that laundry's own timer is used.
enum DoctorMachineCheck {
    static func check(
        _ report: inout DoctorReport, config: DaemonConfig, status: DaemonStatus?, environment: [String: String],
        now: Date
    ) {
        guard let settings = config.homeAssistant else { return }
        let area = Words.text("machines")
        let fix = Words.text("see README, \"The machine's own word\"")
        do { _ = try HomeAssistantCheck.token(settings, environment: environment) } catch {
            report.warning(area, HomeAssistantProblemText.line(error), fix: fix)
        }
        if settings.sendsTokenInClear {
            report.warning(
                area,
                Words.text(
                    "{url} is plain http: the access token crosses the network unencrypted", ["url": settings.url]),
                fix: Words.text("use https:// where Home Assistant is reached beyond this computer"))
        }
        guard
            let home = report.daemonsConnection(
                area, url: settings.url, status: status,
                startedBefore: Words.text("the daemon was started before homeAssistant was set in config.json"),
                \.homeAssistant)
        else { return }
        let line = HomeAssistantStatusText.line(home, now: now)
        if line.isProblem {
            report.warning(area, line.text, fix: fix)
        } else {
            report.ok(area, line.text)
        }
        for machine in home.machines {
            let said = HomeAssistantStatusText.line(machine, now: now)
            if said.isProblem && home.state == "connected" {
                report.warning(
                    area, said.text,
                    fix: Words.text("check the entity ids in Home Assistant (Settings, Entities) against config.json"))
            } else {
                report.ok(area, said.text)
            }
        }
    }
}
