import CGLib

/// One setting the desktop's settings portal exposes (GNOME's keys among them), read once.
enum PortalSetting {
    static let portal = "org.freedesktop.portal.Desktop"

    /// `key` in `namespace`, unwrapped to `type` (`s`, `b`), to be unreffed; nil where no portal answers or has it.
    static func read(
        _ namespace: String, _ key: String, as type: String, on bus: OpaquePointer,
        timeout: Int32 = DBusCall.timeoutMilliseconds
    ) -> OpaquePointer? {
        guard DBusCall.reachable(portal, on: bus) else { return nil }
        // ReadOne (portal version 2) answers the value; Read, its older form, wraps it once more.
        for method in ["ReadOne", "Read"] {
            var children: [OpaquePointer?] = [g_variant_new_string(namespace), g_variant_new_string(key)]
            guard
                case .success(let reply) = DBusCall.sync(
                    bus, portal, "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings", method,
                    g_variant_new_tuple(&children, 2), reply: "(v)", timeout: timeout)
            else { continue }
            defer { g_variant_unref(reply) }
            return DBusCall.innermost(reply, of: type)
        }
        return nil
    }
}
