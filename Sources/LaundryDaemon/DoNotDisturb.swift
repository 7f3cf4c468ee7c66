import CGLib
import FoundationEssentials
import LaundryCore

/// Whether the desktop is in do-not-disturb now, read where each keeps it: dunst's pause, KDE
/// Plasma's `Inhibited`, GNOME's `show-banners` (through the settings portal). Read when a finish,
/// reminder or warning is due, and every `DoNotDisturb.poll` while one is held back: no desktop
/// signals all three the same way, and one synchronous question per wake costs under a millisecond.
enum DoNotDisturb {
    static let poll: TimeInterval = 2
    /// A server that does not answer must not hold the daemon's loop: a question it leaves
    /// unanswered this long counts as "off".
    static let answerMilliseconds: Int32 = 250

    /// The desktop that says do-not-disturb is on, or nil: off, or none answers.
    static func read(on bus: OpaquePointer) -> String? {
        let server = "org.freedesktop.Notifications"
        let path = "/org/freedesktop/Notifications"
        if DBusCall.reachable(server, on: bus) {
            if property(bus, server, path, "org.dunstproject.cmd0", "paused") == true { return "dunst" }
            if property(bus, server, path, server, "Inhibited") == true { return "KDE Plasma" }
        }
        // GNOME hides banners in do-not-disturb.
        let banners = PortalSetting.read(
            "org.gnome.desktop.notifications", "show-banners", as: "b", on: bus, timeout: answerMilliseconds)
        guard let banners else { return nil }
        defer { g_variant_unref(banners) }
        return g_variant_get_boolean(banners) == 0 ? "GNOME" : nil
    }

    /// A boolean property, or nil where the object has no such interface or property.
    private static func property(
        _ bus: OpaquePointer, _ name: String, _ path: String, _ interface: String, _ property: String
    ) -> Bool? {
        var children: [OpaquePointer?] = [g_variant_new_string(interface), g_variant_new_string(property)]
        guard
            case .success(let reply) = DBusCall.sync(
                bus, name, path, "org.freedesktop.DBus.Properties", "Get", g_variant_new_tuple(&children, 2),
                reply: "(v)", timeout: answerMilliseconds)
        else { return nil }
        defer { g_variant_unref(reply) }
        guard let value = DBusCall.innermost(reply, of: "b") else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }
}
