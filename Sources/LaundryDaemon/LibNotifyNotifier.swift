import CLibNotify
import FoundationEssentials
import LaundryCore

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Desktop notifications on the session bus.
///
/// libnotify answers who the server is and what it can do. Posting goes through GDBus's
/// asynchronous call instead of `notify_notification_show`, which waits for the server's reply:
/// dunst takes about 100 ms per notification here, so with 1,000 loads ending in the same second
/// the last one would have left 100 s late. The calls are the same `Notify` and
/// `CloseNotification` libnotify makes, and button presses come back as `ActionInvoked` signals
/// through the GLib main loop.
public final class LibNotifyNotifier: Notifier {
    public private(set) var server: ServerInfo?
    public var onAction: ((UUID, String) -> Void)?
    public var onDismissed: ((UUID) -> Void)?
    /// Told when the server refused a notification after it was sent.
    public var onFailure: ((String) -> Void)?
    private let appName: String
    private let iconPath: String
    private var connection: OpaquePointer?
    private var subscriptions: [UInt32] = []
    /// The server's id of each pet's notification on screen, and back.
    private var idByPet: [UUID: UInt32] = [:]
    private var petByID: [UInt32: UUID] = [:]
    /// The one `Notify` per pet whose popup should stay up when its id comes back: a reply to any
    /// other (replaced or withdrawn before the server answered) is closed at once.
    private var wanted: [UUID: Int] = [:]
    private var posted = 0

    /// `NotificationClosed`'s reason when the user dismissed the popup.
    private static let dismissedByUser: UInt32 = 2
    private static let busName = "org.freedesktop.Notifications"
    private static let objectPath = "/org/freedesktop/Notifications"

    public init(appName: String = "laundry", iconPath: String?) {
        self.appName = appName
        self.iconPath = iconPath ?? ""
        if notify_is_initted() == 0 { _ = notify_init(appName) }
    }

    deinit {
        guard let connection else { return }
        for subscription in subscriptions { g_dbus_connection_signal_unsubscribe(connection, subscription) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    public func refreshServer() -> ServerInfo? {
        guard NotificationBus.serverReachable() else {
            server = nil
            return nil
        }
        var name: UnsafeMutablePointer<CChar>?
        var vendor: UnsafeMutablePointer<CChar>?
        var version: UnsafeMutablePointer<CChar>?
        var spec: UnsafeMutablePointer<CChar>?
        guard notify_get_server_info(&name, &vendor, &version, &spec) != 0 else {
            server = nil
            return nil
        }
        defer {
            g_free(name)
            g_free(vendor)
            g_free(version)
            g_free(spec)
        }
        var capabilities: [String] = []
        let list = notify_get_server_caps()
        var node = list
        while let current = node {
            if let data = current.pointee.data {
                capabilities.append(String(cString: data.assumingMemoryBound(to: CChar.self)))
            }
            node = current.pointee.next
        }
        g_list_free_full(list, g_free)
        server = ServerInfo(
            name: Self.string(name), vendor: Self.string(vendor), version: Self.string(version),
            specVersion: Self.string(spec), capabilities: capabilities)
        return server
    }

    public func show(_ content: NotificationContent) -> Delivery {
        if server == nil { _ = refreshServer() }
        guard server != nil, let connection = connect() else {
            return .noServer("no notification server on the session bus")
        }
        // Close the old one rather than replace it: replacing one with buttons can leave the sender
        // waiting forever on some servers (dunst #672).
        close(petID: content.petID)
        posted += 1
        wanted[content.petID] = posted
        call(
            connection, "Notify", parameters(for: content), replyType: "(u)",
            request: PendingNotify(notifier: self, petID: content.petID, serial: posted))
        return .posted
    }

    public func close(petID: UUID) {
        wanted[petID] = nil
        guard let previous = idByPet.removeValue(forKey: petID) else { return }
        petByID[previous] = nil
        closeNotification(previous)
    }

    private func closeNotification(_ id: UInt32) {
        guard let connection else { return }
        var children: [OpaquePointer?] = [g_variant_new_uint32(id)]
        call(connection, "CloseNotification", g_variant_new_tuple(&children, 1), replyType: nil, request: nil)
    }

    /// Waits until everything sent has left, for a short-lived process (`notify-test`).
    public func flush() {
        guard let connection else { return }
        g_dbus_connection_flush_sync(connection, nil, nil)
    }

    // MARK: D-Bus

    private func connect() -> OpaquePointer? {
        if let connection { return connection }
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        connection = bus
        let context = Unmanaged.passUnretained(self).toOpaque()
        for member in ["ActionInvoked", "NotificationClosed"] {
            subscriptions.append(
                g_dbus_connection_signal_subscribe(
                    bus, Self.busName, Self.busName, member, Self.objectPath, nil,
                    G_DBUS_SIGNAL_FLAGS_NONE, Self.signalHandler, context, nil))
        }
        return bus
    }

    private final class PendingNotify {
        weak var notifier: LibNotifyNotifier?
        let petID: UUID
        let serial: Int
        init(notifier: LibNotifyNotifier, petID: UUID, serial: Int) {
            self.notifier = notifier
            self.petID = petID
            self.serial = serial
        }
    }

    private func call(
        _ connection: OpaquePointer, _ method: String, _ parameters: OpaquePointer?, replyType: String?,
        request: PendingNotify?
    ) {
        let type = replyType.map { g_variant_type_new($0) }
        defer { if let type { g_variant_type_free(type) } }
        let data = request.map { Unmanaged.passRetained($0).toOpaque() }
        g_dbus_connection_call(
            connection, Self.busName, Self.objectPath, Self.busName, method, parameters, type ?? nil,
            G_DBUS_CALL_FLAGS_NONE, -1, nil, data == nil ? nil : Self.replyHandler, data)
    }

    private static let replyHandler: GAsyncReadyCallback = { source, result, data in
        guard let data else { return }
        let request = Unmanaged<PendingNotify>.fromOpaque(data).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
        guard let notifier = request.notifier else { return }
        guard let reply else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            notifier.server = nil  // ask again at the next event
            notifier.onFailure?("the notification server refused a notification: \(message)")
            return
        }
        defer { g_variant_unref(reply) }
        guard let child = g_variant_get_child_value(reply, 0) else { return }
        defer { g_variant_unref(child) }
        let id = g_variant_get_uint32(child)
        guard notifier.wanted[request.petID] == request.serial else {
            notifier.closeNotification(id)
            return
        }
        notifier.idByPet[request.petID] = id
        notifier.petByID[id] = request.petID
    }

    private static let signalHandler: GDBusSignalCallback = { _, _, _, _, signal, parameters, context in
        guard let context, let signal, let parameters else { return }
        let notifier = Unmanaged<LibNotifyNotifier>.fromOpaque(context).takeUnretainedValue()
        guard let first = g_variant_get_child_value(parameters, 0) else { return }
        let id = g_variant_get_uint32(first)
        g_variant_unref(first)
        switch String(cString: signal) {
        case "ActionInvoked":
            guard let petID = notifier.petByID[id], let second = g_variant_get_child_value(parameters, 1) else {
                return
            }
            let action = String(cString: g_variant_get_string(second, nil))
            g_variant_unref(second)
            notifier.onAction?(petID, action)
        default:  // NotificationClosed
            guard let petID = notifier.petByID.removeValue(forKey: id) else { return }
            if notifier.idByPet[petID] == id { notifier.idByPet[petID] = nil }
            var reason: UInt32 = 0
            if let second = g_variant_get_child_value(parameters, 1) {
                reason = g_variant_get_uint32(second)
                g_variant_unref(second)
            }
            if reason == LibNotifyNotifier.dismissedByUser { notifier.onDismissed?(petID) }
        }
    }

    /// `Notify(app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout)`.
    private func parameters(for content: NotificationContent) -> OpaquePointer? {
        let actionWords = content.actions.flatMap { [$0.key, $0.label] }
        let copies: [UnsafeMutablePointer<CChar>?] = actionWords.map { strdup($0) }
        defer {
            for copy in copies { free(copy) }
        }
        let actions = copies.map { UnsafePointer<CChar>($0) }.withUnsafeBufferPointer { buffer in
            g_variant_new_strv(buffer.baseAddress, Int(buffer.count))
        }
        var hints: [OpaquePointer?] = [
            Self.hint("urgency", g_variant_new_byte(Self.urgency(content.urgency))),
            Self.hint("category", g_variant_new_string(content.category)),
            Self.hint("desktop-entry", g_variant_new_string(appName)),
            // laundry plays its own sound (an alarm that repeats): a server must not add another.
            Self.hint("suppress-sound", g_variant_new_boolean(1)),
        ]
        if let timer = content.timerID {
            hints.append(Self.hint("x-laundry-timer", g_variant_new_string(timer.lowercasedText)))
        }
        let entryType = g_variant_type_new("{sv}")
        defer { g_variant_type_free(entryType) }
        let hintArray = g_variant_new_array(entryType, &hints, gsize(hints.count))
        var children: [OpaquePointer?] = [
            g_variant_new_string(appName), g_variant_new_uint32(0), g_variant_new_string(iconPath),
            g_variant_new_string(content.summary), g_variant_new_string(content.body), actions, hintArray,
            g_variant_new_int32(-1),
        ]
        return g_variant_new_tuple(&children, gsize(children.count))
    }

    private static func hint(_ key: String, _ value: OpaquePointer?) -> OpaquePointer? {
        g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value))
    }

    private static func urgency(_ urgency: NotificationContent.Urgency) -> UInt8 {
        switch urgency {
        case .low: return 0
        case .normal: return 1
        case .critical: return 2
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
