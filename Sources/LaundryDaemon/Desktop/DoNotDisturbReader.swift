import CGLib
import FoundationEssentials

/// Do-not-disturb at a finish: dunst's pause is its signal's (`PropertiesChanged` of `org.dunstproject.cmd0.paused`),
/// never a question (busy drawing cards, dunst took up to 250 ms: bench row "lateness on dunst").
final class DoNotDisturbReader {
    private let bus: OpaquePointer?
    private var subscriptions: [UInt32] = []
    /// dunst's pause as it last said it (nil: not known: asked at the next read).
    private var dunstPaused: Bool?

    init() {
        bus = DBusCall.sessionBus()
        guard let bus else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        subscriptions = [
            g_dbus_connection_signal_subscribe(
                bus, NotificationBus.serverName, "org.freedesktop.DBus.Properties", "PropertiesChanged",
                NotificationBus.serverPath, "org.dunstproject.cmd0", G_DBUS_SIGNAL_FLAGS_NONE, Self.propertiesChanged,
                context, nil),
            // Another server, or none: what the last one said is no longer known.
            g_dbus_connection_signal_subscribe(
                bus, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
                NotificationBus.serverName, G_DBUS_SIGNAL_FLAGS_NONE, Self.ownerChanged, context, nil),
        ]
        askDunst()
    }

    deinit {
        guard let bus else { return }
        for subscription in subscriptions { g_dbus_connection_signal_unsubscribe(bus, subscription) }
        g_object_unref(UnsafeMutableRawPointer(bus))
    }

    /// Which desktop says do-not-disturb is on now (nil: off, or none answers).
    func read(serverName: String?) -> String? {
        guard let bus else { return nil }
        // Only dunst's pause matters while it shows popups (GNOME's and swaync's do-not-disturb never hide dunst's).
        guard serverName?.lowercased() == "dunst" else { return DoNotDisturb.read(on: bus, serverName: serverName) }
        // Asked here only if `askDunst`'s answer has not come (≤ 250 ms; unanswered, it is off and asked next time).
        if dunstPaused == nil { dunstPaused = DoNotDisturb.dunstPaused(on: bus) }
        return dunstPaused == true ? "dunst" : nil
    }

    /// Asks dunst for its pause without waiting (at the start and when the server changes), so a finish finds it known.
    private func askDunst() {
        guard let bus else { return }
        var children: [OpaquePointer?] = [
            g_variant_new_string("org.dunstproject.cmd0"), g_variant_new_string("paused"),
        ]
        let type = g_variant_type_new("(v)")
        defer { g_variant_type_free(type) }
        let answered: GAsyncReadyCallback = { source, result, context in
            let reader = Unmanaged<DoNotDisturbReader>.fromOpaque(context!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            guard let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error) else {
                if let error { g_error_free(error) }
                return
            }
            defer { g_variant_unref(reply) }
            guard let value = DBusCall.innermost(reply, of: "b") else { return }
            defer { g_variant_unref(value) }
            // A signal that came meanwhile is newer than this answer.
            if reader.dunstPaused == nil { reader.dunstPaused = g_variant_get_boolean(value) != 0 }
        }
        g_dbus_connection_call(
            bus, NotificationBus.serverName, NotificationBus.serverPath, "org.freedesktop.DBus.Properties", "Get",
            g_variant_new_tuple(&children, 2), type, G_DBUS_CALL_FLAGS_NO_AUTO_START, DBusCall.timeoutMilliseconds,
            nil, answered, Unmanaged.passRetained(self).toOpaque())
    }

    /// `PropertiesChanged(interface, changed, invalidated)`: the pause changed, or is unknown now.
    private static let propertiesChanged: GDBusSignalCallback = { _, _, _, _, _, parameters, context in
        guard let context, let parameters, DBusCall.type(of: parameters) == "(sa{sv}as)" else { return }
        let reader = Unmanaged<DoNotDisturbReader>.fromOpaque(context).takeUnretainedValue()
        guard let changed = g_variant_get_child_value(parameters, 1) else { return }
        defer { g_variant_unref(changed) }
        let boolean = g_variant_type_new("b")
        defer { g_variant_type_free(boolean) }
        if let value = g_variant_lookup_value(changed, "paused", boolean) {
            reader.dunstPaused = g_variant_get_boolean(value) != 0
            g_variant_unref(value)
        } else if DBusCall.strings(parameters, 2).contains("paused") {
            reader.dunstPaused = nil
        }
    }

    private static let ownerChanged: GDBusSignalCallback = { _, _, _, _, _, _, context in
        guard let context else { return }
        let reader = Unmanaged<DoNotDisturbReader>.fromOpaque(context).takeUnretainedValue()
        reader.dunstPaused = nil
        reader.askDunst()
    }
}
