import CLibNotify
import FoundationEssentials

/// Asks the session bus itself whether anyone can answer for `org.freedesktop.Notifications`,
/// before libnotify is allowed to try: with nobody there, libnotify's calls wait out D-Bus's
/// 25-second timeout, and the daemon must never sit blocked that long.
enum NotificationBus {
    static let serverName = "org.freedesktop.Notifications"

    /// True when the name has an owner, or the bus can start one for it.
    static func serverReachable() -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            if let error { g_error_free(error) }
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        if let owned = call(connection, "NameHasOwner", argument: serverName) {
            defer { g_variant_unref(owned) }
            if let value = g_variant_get_child_value(owned, 0) {
                defer { g_variant_unref(value) }
                if g_variant_get_boolean(value) != 0 { return true }
            }
        }
        guard let reply = call(connection, "ListActivatableNames", argument: nil) else { return false }
        defer { g_variant_unref(reply) }
        guard let names = g_variant_get_child_value(reply, 0) else { return false }
        defer { g_variant_unref(names) }
        for index in 0..<g_variant_n_children(names) {
            guard let name = g_variant_get_child_value(names, index) else { continue }
            defer { g_variant_unref(name) }
            if String(cString: g_variant_get_string(name, nil)) == serverName { return true }
        }
        return false
    }

    private static func call(_ connection: OpaquePointer, _ method: String, argument: String?) -> OpaquePointer? {
        var parameters: OpaquePointer?
        if let argument {
            var children: [OpaquePointer?] = [g_variant_new_string(argument)]
            parameters = g_variant_new_tuple(&children, 1)
        }
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
            method, parameters, nil, G_DBUS_CALL_FLAGS_NONE, 2000, nil, &error)
        if let error { g_error_free(error) }
        return reply
    }
}
