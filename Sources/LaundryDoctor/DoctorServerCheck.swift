import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryRendering

/// `laundry doctor`'s look at the desktop, from what laundryd found on the session bus.
enum DoctorServerCheck {
    static func check(
        _ report: inout DoctorReport, _ desktop: Result<DesktopFindings, DaemonError>, environment: [String: String]
    ) {
        checkServer(&report, desktop, environment: environment)
        if let entry = DesktopEntry.installedPath(environment: environment) {
            report.ok(
                Words.text("desktop entry"),
                Words.text("{entry} (GNOME lists laundry's notifications under it)", ["entry": entry]))
        } else {
            report.warning(
                Words.text("desktop entry"),
                Words.text(
                    "{file} is in no applications folder the desktop reads", ["file": DesktopEntry.fileName]),
                fix: Words.text(
                    "make install (GNOME then groups laundry's popups and lists it in its notification settings)"))
        }
    }

    /// Whether the daemon keeps this computer from suspending while loads run, and whether the desktop offers a way.
    static func checkKeepAwake(
        _ report: inout DoctorReport, interfaces: [String], status: DaemonStatus?, config: DaemonConfig, now: Date
    ) {
        guard config.keepAwake else {
            report.ok(
                Words.text("keep awake"),
                Words.text("off (\"keepAwake\": false in config.json): a load may be cut short by a suspend"))
            return
        }
        if let status, status.awake?.through != nil {
            report.ok(Words.text("keep awake"), DaemonStatusText.awake(status, now: now))
        } else if interfaces.isEmpty {
            report.warning(
                Words.text("keep awake"),
                Words.text(
                    "no desktop interface answers (portal, gnome-session, PowerManagement), as on a bare window manager"
                ),
                fix:
                    Words.text(
                        "an idle suspend set up by hand (swayidle, xss-lock) is not held back: give it "
                            + "longer than a load, or let your phone ring instead (README: When this computer "
                            + "sleeps)"
                    ))
        } else if let status, let awake = status.awake, awake.problem != nil, awake.reason != nil {
            report.warning(
                Words.text("keep awake"), DaemonStatusText.awake(status, now: now),
                fix: Words.text(
                    "look at the daemon's log; the interfaces here: {interfaces}",
                    ["interfaces": interfaces.joined(separator: ", ")]))
        } else {
            report.ok(
                Words.text("keep awake"),
                Words.text("while a load runs or rings, through {interfaces}", ["interfaces": interfaces[0]]))
        }
    }

    private static func checkServer(
        _ report: inout DoctorReport, _ desktop: Result<DesktopFindings, DaemonError>, environment: [String: String]
    ) {
        let findings: DesktopFindings
        switch desktop {
        case .success(let found): findings = found
        case .failure(let error):
            report.problem(
                Words.text("notifications"), ErrorText.line(for: error) ?? "\(error)",
                fix: Words.text("reinstall laundry (make install)"))
            return
        }
        guard let server = findings.server else {
            report.problem(
                Words.text("notifications"), Words.text("no notification server"),
                fix: ErrorText.missingServer(environment))
            return
        }
        if server.hasActions, server.name == "mako" {
            report.ok(
                Words.text("notifications"),
                Words.text(
                    "{name} {version}: it takes buttons but draws none; press them with `makoctl menu` (bind "
                        + "a key to it), or click a popup to stop its alarm",
                    ["name": server.name, "version": server.version]))
        } else if server.hasActions {
            report.ok(
                Words.text("notifications"),
                Words.text("{name} {version}, with buttons", ["name": server.name, "version": server.version]))
        } else {
            report.warning(
                Words.text("notifications"),
                Words.text("{name} {version} shows no buttons", ["name": server.name, "version": server.version]),
                fix: Words.text("notifications will name the command to type; a server such as dunst shows buttons"))
        }
    }
}
