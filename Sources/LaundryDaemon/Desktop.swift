import CLibNotify
import FoundationEssentials
import LaundryActions
import LaundryCore
import LaundryRendering

/// The only door from the command line to the desktop (GLib, libnotify): one call for each command
/// that must talk to it itself.
public enum Desktop {
    /// `laundry daemon run`: runs the notification service until SIGTERM or SIGINT.
    public static func runDaemon(
        environment: [String: String], version: String, log: @escaping (String) -> Void
    ) throws {
        try DaemonRunner.run(environment: environment, version: version, log: log)
    }

    /// `laundry notify-test`: posts a test notification and says who showed it.
    public static func postTestNotification(_ laundry: Laundry, environment: [String: String]) throws -> ServerInfo {
        let notifier = DBusNotifier(iconPath: laundry.iconPath)
        guard let server = notifier.refreshServer() else {
            throw CommandError.noNotificationServer(advice: ErrorText.missingServer(environment))
        }
        let writer = AnnouncementWriter(messages: try MessageCatalog.load(from: laundry.dataDirectory))
        let content = writer.content(
            for: Announcement(petID: UUID(), petName: "laundry", health: 100, reason: .test),
            markup: server.hasBodyMarkup, buttons: false)
        guard notifier.show(content) == .posted else { throw CommandError.notificationRefused(server: server.name) }
        notifier.flush()
        return server
    }

    /// `laundry notify-test --sound`: plays the alarm sound once; nil when it played, else why not.
    public static func playTestSound() -> String? { TestSound.play() }

    /// `laundry notify-test` with a hook configured: runs it once for a test event and says how it ended.
    public static func runTestHook(_ laundry: Laundry, config: DaemonConfig) throws -> String? {
        guard let hook = config.hook else { return nil }
        let writer = AnnouncementWriter(messages: try MessageCatalog.load(from: laundry.dataDirectory))
        let event = writer.hookEvent(
            for: Announcement(petID: UUID(), petName: "laundry", health: 100, reason: .test))
        return HookTrial.run(hook, event: event, timeout: config.hookTimeoutSeconds)
    }

    /// `laundry doctor`: the desktop interfaces that could keep this computer awake, in the order
    /// the daemon asks them (empty on a bare window manager).
    public static func suspendInhibitors() -> [String] {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            if let error { g_error_free(error) }
            return []
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        return SessionSuspendInhibitor.Interface.allCases.filter { DBusCall.reachable($0.busName, on: bus) }.map(
            \.rawValue)
    }

    /// `laundry doctor`: the notification server on the session bus, if one answers.
    public static func notificationServer() -> ServerInfo? {
        DBusNotifier(iconPath: nil).refreshServer()
    }
}
