import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryRendering

/// doctor's lines about the calendar: its password file, plain http, and whether the daemon reaches the server.
enum DoctorCalendarCheck {
    static func check(
        _ report: inout DoctorReport, config: DaemonConfig, status: DaemonStatus?, environment: [String: String]
    ) {
        guard let settings = config.caldav else { return }
        let area = Words.text("calendar")
        let fix = Words.text("see README, \"In your calendar\"")
        if settings.isPlainHTTP {
            report.warning(
                area,
                Words.text(
                    "{url} is plain http: the password and the pets' names cross the network unencrypted",
                    ["url": settings.url]),
                fix: Words.text("use https, or keep plain http to a server in your home"))
        }
        do { _ = try CalendarCheck.password(settings, environment: environment) } catch {
            report.warning(area, CalendarProblemText.line(error), fix: fix)
            return
        }
        guard
            let calendar = report.daemonsConnection(
                area, url: settings.url, status: status,
                startedBefore: Words.text("the daemon was started before caldav was set in config.json"), \.calendar)
        else { return }
        if let problem = calendar.problem {
            report.warning(
                area, CalendarProblemText.line(problem),
                fix: Words.text("check that the server runs and caldav.url; the daemon keeps trying"))
        } else {
            report.ok(area, Words.text("{url}: each running load is written there", ["url": calendar.url]))
        }
    }
}
