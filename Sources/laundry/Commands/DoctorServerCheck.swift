import FoundationEssentials
import LaundryControl
import LaundryCore
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

    /// Whether the daemon keeps this computer from suspending while loads run, and whether the
    /// desktop offers a way to.
    static func checkKeepAwake(_ report: inout DoctorReport, status: DaemonStatus?, config: DaemonConfig, now: Date) {
        guard config.keepAwake else {
            report.ok("keep awake", "off (\"keepAwake\": false in config.json): a load may be cut short by a suspend")
            return
        }
        let interfaces = Desktop.suspendInhibitors()
        if let status, status.awake?.through != nil {
            report.ok("keep awake", DaemonStatusText.awake(status, now: now))
        } else if interfaces.isEmpty {
            report.warning(
                "keep awake",
                "no desktop interface answers (portal, gnome-session, PowerManagement), as on a bare window manager",
                fix:
                    "an idle suspend set up by hand (swayidle, xss-lock) is not held back: give it longer than a load, "
                    + "or let your phone ring instead (README: When this computer sleeps)")
        } else if let status, let awake = status.awake, awake.problem != nil, awake.reason != nil {
            report.warning(
                "keep awake", DaemonStatusText.awake(status, now: now),
                fix: "look at the daemon's log; the interfaces here: \(interfaces.joined(separator: ", "))")
        } else {
            report.ok("keep awake", "while a load runs or rings, through \(interfaces[0])")
        }
    }

    private static func checkServer(_ report: inout DoctorReport, environment: [String: String]) {
        guard let server = Desktop.notificationServer() else {
            report.problem("notifications", "no notification server", fix: ErrorText.missingServer(environment))
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
