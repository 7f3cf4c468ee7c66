import CGLib
import FoundationEssentials
import LaundryActions
import LaundryControl
import LaundryCore
import LaundryRendering
import Logging

/// laundryd's answers to the GLib-free command: the session bus (`doctor`); a test popup, sound, hook (`notify-test`).
public enum DesktopProbe {
    public static func findings() -> DesktopFindings {
        // Asked with the daemon's 3 s timeouts (D-Bus's default is 25 s): `doctor` waits for this.
        var findings = DesktopFindings(
            server: DBusNotifier(iconPath: nil, logger: .silent).refreshServer(), suspendInhibitors: [])
        DBusCall.onSessionBus { bus in
            // In the order the daemon asks them (none on a bare window manager).
            findings.suspendInhibitors = SessionSuspendInhibitor.Interface.allCases.filter {
                DBusCall.reachable($0.busName, on: bus)
            }.map(\.rawValue)
            findings.doNotDisturbReadable = DoNotDisturb.readable(on: bus)
            findings.doNotDisturb = DoNotDisturb.read(on: bus)
            findings.jobViewServer = DBusCall.reachable(PlasmaJobTracker.server, on: bus)
        }
        return findings
    }

    /// Plays the alarm (with `sound`), posts a test notification, runs the hook: each only if the one before worked.
    public static func notifyTrial(_ laundry: Laundry, sound: Bool) throws -> NotifyTrialReport {
        if sound, let failure = TestSound.play() {
            return NotifyTrialReport(soundFailure: failure, server: nil, posted: false, hook: nil)
        }
        // The daemon's own way to the server: the test popup goes as every popup goes.
        let notifier = DBusNotifier(iconPath: laundry.iconPath, logger: .silent)
        guard let server = notifier.refreshServer() else {
            return NotifyTrialReport(soundFailure: nil, server: nil, posted: false, hook: nil)
        }
        let writer = AnnouncementWriter(messages: try MessageCatalog.load(from: laundry.dataDirectory))
        let test = Announcement(petID: UUID(), petName: "laundry", health: 100, reason: .test)
        let posted = notifier.showAndWait(writer.content(for: test, markup: server.hasBodyMarkup, buttons: false))
        let config = try laundry.loadConfig()
        guard posted, let command = config.hook else {
            return NotifyTrialReport(soundFailure: nil, server: server, posted: posted, hook: nil)
        }
        let hook = HookTrial.run(command, event: writer.hookEvent(for: test), timeout: config.hookTimeoutSeconds)
        return NotifyTrialReport(soundFailure: nil, server: server, posted: posted, hook: hook)
    }
}
