import CGLib
import CLibNotify
import FoundationEssentials
import LaundryControl
import LaundryRendering

/// libnotify, for `laundry notify-test`: who the notification server is and the test popup, each a
/// blocking call in a process that does nothing else.
///
/// The daemon posts its popups through `DBusNotifier` (GDBus) instead: libnotify 0.8's only way
/// to post, `notify_notification_show`, waits for the server's reply, so the daemon's loop would
/// stand still for each popup in turn (dunst took about 100 ms a notification here: 1,000 loads
/// ending in one second would leave the last 100 s late, where the lateness row of `make bench`
/// holds laundryd to 20 ms), and it could bound neither the calls in flight nor retry the ones a
/// bus refuses (`BusLimitEndToEndTests`).
enum LibnotifyPopup {
    /// The server, as libnotify asks it; nil when none answers.
    static func server() -> ServerInfo? {
        guard start() else { return nil }
        var name: UnsafeMutablePointer<CChar>?
        var vendor: UnsafeMutablePointer<CChar>?
        var version: UnsafeMutablePointer<CChar>?
        var spec: UnsafeMutablePointer<CChar>?
        guard notify_get_server_info(&name, &vendor, &version, &spec) != 0 else { return nil }
        defer {
            for text in [name, vendor, version, spec] { g_free(text) }
        }
        var capabilities: [String] = []
        var list = notify_get_server_caps()
        let first = list
        while let node = list {
            if let text = node.pointee.data {
                capabilities.append(String(cString: text.assumingMemoryBound(to: CChar.self)))
            }
            list = node.pointee.next
        }
        g_list_free_full(first, g_free)
        let text = { (pointer: UnsafeMutablePointer<CChar>?) in pointer.map { String(cString: $0) } ?? "" }
        return ServerInfo(
            name: text(name), vendor: text(vendor), version: text(version), specVersion: text(spec),
            capabilities: capabilities)
    }

    /// Posts `content` and waits until the server took it; false when it did not.
    static func post(_ content: NotificationContent, iconPath: String?) -> Bool {
        guard start(), let popup = notify_notification_new(content.summary, content.body, iconPath) else {
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(popup)) }
        notify_notification_set_urgency(popup, urgency(content.urgency))
        notify_notification_set_category(popup, content.category)
        notify_notification_set_hint(popup, "desktop-entry", g_variant_new_string("laundry"))
        // laundry plays its own sound (an alarm that repeats): a server must not add another.
        notify_notification_set_hint(popup, "suppress-sound", g_variant_new_boolean(1))
        var error: UnsafeMutablePointer<GError>?
        let shown = notify_notification_show(popup, &error) != 0
        if let error { g_error_free(error) }
        return shown
    }

    private static func start() -> Bool {
        notify_is_initted() != 0 || notify_init("laundry") != 0
    }

    private static func urgency(_ urgency: NotificationContent.Urgency) -> NotifyUrgency {
        switch urgency {
        case .low: NOTIFY_URGENCY_LOW
        case .normal: NOTIFY_URGENCY_NORMAL
        case .critical: NOTIFY_URGENCY_CRITICAL
        }
    }
}
