import CGLib
import LaundryCore

/// The desktop's own 12- or 24-hour choice (GNOME's `clock-format`), through the settings portal,
/// so a popup's times read like the top bar's clock. Asked when the daemon starts and when its
/// settings are reloaded (SIGHUP); nil where no portal answers (a bare window manager) or it has no
/// such setting, and then the locale decides.
enum DesktopClock {
    static func read() -> HourCycle? {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        let portal = "org.freedesktop.portal.Desktop"
        guard DBusCall.reachable(portal, on: bus) else { return nil }
        // ReadOne (portal version 2) answers the value; Read, its older form, wraps it once more.
        for method in ["ReadOne", "Read"] {
            var children: [OpaquePointer?] = [
                g_variant_new_string("org.gnome.desktop.interface"), g_variant_new_string("clock-format"),
            ]
            let parameters = g_variant_new_tuple(&children, 2)
            guard
                case .success(let reply) = DBusCall.sync(
                    bus, portal, "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings", method,
                    parameters, reply: "(v)")
            else { continue }
            defer { g_variant_unref(reply) }
            return HourCycle(rawValue: innermostString(reply) ?? "")
        }
        return nil
    }

    /// The string inside however many variants wrap it.
    private static func innermostString(_ value: OpaquePointer) -> String? {
        var current = g_variant_get_child_value(value, 0)
        for _ in 0..<4 {
            guard let inner = current else { return nil }
            switch DBusCall.type(of: inner) {
            case "s":
                defer { g_variant_unref(inner) }
                return String(cString: g_variant_get_string(inner, nil))
            case "v":
                current = g_variant_get_child_value(inner, 0)
                g_variant_unref(inner)
            default:
                g_variant_unref(inner)
                return nil
            }
        }
        if let current { g_variant_unref(current) }
        return nil
    }
}
