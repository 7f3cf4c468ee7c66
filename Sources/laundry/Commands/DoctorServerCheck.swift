import LaundryControl
import LaundryDaemon
import LaundryRendering

/// `laundry doctor`'s look at the desktop: the one part of it that talks to the session bus.
enum DoctorServerCheck {
    static func check(_ report: inout DoctorReport, environment: [String: String]) {
        checkServer(&report, environment: environment)
        if let entry = DesktopEntry.installedPath(environment: environment) {
            report.ok("desktop entry", "\(entry) (GNOME lists laundry's notifications under it)")
        } else {
            report.warning(
                "desktop entry", "\(DesktopEntry.fileName) is in no applications folder the desktop reads",
                fix: "make install (GNOME then groups laundry's popups and lists it in its notification settings)")
        }
    }

    private static func checkServer(_ report: inout DoctorReport, environment: [String: String]) {
        guard let server = Desktop.notificationServer() else {
            report.problem("notifications", "no notification server", fix: DesktopAdvice.missingServer(environment))
            return
        }
        if server.hasActions, server.name == "mako" {
            report.ok(
                "notifications",
                "\(server.name) \(server.version): it takes buttons but draws none; press them with `makoctl menu` "
                    + "(bind a key to it), or click a popup to stop its alarm")
        } else if server.hasActions {
            report.ok("notifications", "\(server.name) \(server.version), with buttons")
        } else {
            report.warning(
                "notifications", "\(server.name) \(server.version) shows no buttons",
                fix: "notifications will name the command to type; a server such as dunst shows buttons")
        }
    }
}
