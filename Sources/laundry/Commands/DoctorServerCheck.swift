import LaundryDaemon
import LaundryRendering

/// `laundry doctor`'s look at the desktop: the one part of it that talks to the session bus.
enum DoctorServerCheck {
    static func check(_ report: inout DoctorReport, environment: [String: String]) {
        guard let server = Desktop.notificationServer() else {
            report.problem("notifications", "no notification server", fix: DesktopAdvice.missingServer(environment))
            return
        }
        if server.hasActions {
            report.ok("notifications", "\(server.name) \(server.version), with buttons")
        } else {
            report.warning(
                "notifications", "\(server.name) \(server.version) shows no buttons",
                fix: "notifications will name the command to type; a server such as dunst shows buttons")
        }
    }
}
