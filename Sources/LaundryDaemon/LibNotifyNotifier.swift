import CLibNotify
import Foundation
import LaundryCore

/// Desktop notifications through libnotify. Button presses arrive through the GLib main loop.
public final class LibNotifyNotifier: Notifier {
    public private(set) var server: ServerInfo?
    public var onAction: ((UUID, String) -> Void)?
    private let appName: String
    private let iconPath: String?
    /// The notification on screen for each pet, to close before showing the next one: replacing
    /// one that has buttons can leave the sender waiting forever on some servers (dunst #672).
    private var shown: [UUID: UnsafeMutablePointer<NotifyNotification>] = [:]

    public init(appName: String = "laundry", iconPath: String?) {
        self.appName = appName
        self.iconPath = iconPath
        if notify_is_initted() == 0 { _ = notify_init(appName) }
    }

    deinit {
        for notification in shown.values { g_object_unref(notification) }
    }

    public func refreshServer() -> ServerInfo? {
        guard NotificationBus.serverReachable() else {
            server = nil
            return nil
        }
        var name: UnsafeMutablePointer<CChar>?, vendor: UnsafeMutablePointer<CChar>?
        var version: UnsafeMutablePointer<CChar>?, spec: UnsafeMutablePointer<CChar>?
        guard notify_get_server_info(&name, &vendor, &version, &spec) != 0 else {
            server = nil
            return nil
        }
        defer { g_free(name); g_free(vendor); g_free(version); g_free(spec) }
        var capabilities: [String] = []
        let list = notify_get_server_caps()
        var node = list
        while let current = node {
            if let data = current.pointee.data { capabilities.append(String(cString: data.assumingMemoryBound(to: CChar.self))) }
            node = current.pointee.next
        }
        g_list_free_full(list, g_free)
        server = ServerInfo(name: Self.string(name), vendor: Self.string(vendor), version: Self.string(version),
                            specVersion: Self.string(spec), capabilities: capabilities)
        return server
    }

    public func show(_ content: NotificationContent) -> Delivery {
        if server == nil { _ = refreshServer() }
        guard server != nil else { return .noServer("no notification server on the session bus") }
        if let previous = shown.removeValue(forKey: content.petID) {
            notify_notification_close(previous, nil)
            g_object_unref(previous)
        }
        guard let notification = notify_notification_new(content.summary, content.body, iconPath) else {
            return .noServer("libnotify could not create a notification")
        }
        for action in content.actions {
            let box = Unmanaged.passRetained(ActionBox(petID: content.petID, notifier: self)).toOpaque()
            notify_notification_add_action(notification, action.key, action.label, Self.actionCallback, box, Self.releaseBox)
        }
        notify_notification_set_urgency(notification, Self.urgency(content.urgency))
        notify_notification_set_category(notification, content.category)
        notify_notification_set_hint(notification, "desktop-entry", g_variant_new_string(appName))
        var error: UnsafeMutablePointer<GError>?
        guard notify_notification_show(notification, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_error_free(error)
            g_object_unref(notification)
            server = nil // ask again at the next event
            return .noServer(message)
        }
        shown[content.petID] = notification
        return .posted
    }

    fileprivate func deliver(petID: UUID, action: String) {
        onAction?(petID, action)
    }

    private final class ActionBox {
        let petID: UUID
        weak var notifier: LibNotifyNotifier?
        init(petID: UUID, notifier: LibNotifyNotifier) {
            self.petID = petID
            self.notifier = notifier
        }
    }

    private static let actionCallback: NotifyActionCallback = { _, action, userData in
        guard let userData, let action else { return }
        let box = Unmanaged<ActionBox>.fromOpaque(userData).takeUnretainedValue()
        box.notifier?.deliver(petID: box.petID, action: String(cString: action))
    }

    private static let releaseBox: GFreeFunc = { userData in
        guard let userData else { return }
        Unmanaged<ActionBox>.fromOpaque(userData).release()
    }

    private static func urgency(_ urgency: NotificationContent.Urgency) -> NotifyUrgency {
        switch urgency {
        case .low: return NOTIFY_URGENCY_LOW
        case .normal: return NOTIFY_URGENCY_NORMAL
        case .critical: return NOTIFY_URGENCY_CRITICAL
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
