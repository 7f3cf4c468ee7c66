import CGLib
import FoundationEssentials
import LaundryCore

/// Whether the desktop is in do-not-disturb now, read where each keeps it: dunst's pause, KDE
/// Plasma's `Inhibited`, swaync's DND, mako's `do-not-disturb` mode (the name mako's manual gives
/// it), GNOME's `show-banners` (through the settings portal). Read when a finish, reminder or
/// warning is due, and every `DoNotDisturb.poll` while one is held back: no two of these desktops
/// signal a change the same way, and a few short questions only when something is due cost little
/// (the tick asks only when a pet could warn: bench row "health tick").
enum DoNotDisturb {
    static let poll: TimeInterval = 2
    /// A server that does not answer must not hold the daemon's loop: a question it leaves
    /// unanswered this long counts as "off".
    static let answerMilliseconds: Int32 = 250

    /// The desktop that says do-not-disturb is on, or nil: off, or none answers.
    /// - Parameter serverName: the notification server's name, when known: dunst, Plasma and mako
    ///   are asked only in their own place: each question waits (up to `answerMilliseconds`) for a
    ///   server that may be busy drawing, and a finish's popup waits for the answers.
    static func read(on bus: OpaquePointer, serverName: String? = nil) -> String? {
        let server = "org.freedesktop.Notifications"
        let path = "/org/freedesktop/Notifications"
        // A server of another name (or none known yet) is asked in all three places.
        let name = serverName?.lowercased() ?? ""
        let asks = { (place: String) in name == place || !["dunst", "plasma", "mako"].contains(name) }
        if DBusCall.reachable(server, on: bus) {
            if asks("dunst"), dunstPaused(on: bus) == true { return "dunst" }
            if asks("plasma"), property(bus, server, path, server, "Inhibited") == true { return "KDE Plasma" }
            // mako 1.7 and later; older ones cannot be asked.
            if asks("mako"), let modes = strings(bus, server, "/fr/emersion/Mako", "fr.emersion.Mako", "ListModes"),
                modes.contains(where: makoModes.contains)
            {
                return "mako"
            }
        }
        if DBusCall.reachable(swaync, on: bus),
            boolean(bus, swaync, "/org/erikreider/swaync/cc", swaync, "GetDnd") == true
        {
            return "swaync"
        }
        // GNOME hides banners in do-not-disturb.
        let banners = PortalSetting.read(
            "org.gnome.desktop.notifications", "show-banners", as: "b", on: bus, timeout: answerMilliseconds)
        guard let banners else { return nil }
        defer { g_variant_unref(banners) }
        return g_variant_get_boolean(banners) == 0 ? "GNOME" : nil
    }

    /// dunst's pause (nil: no dunst answers).
    static func dunstPaused(on bus: OpaquePointer) -> Bool? {
        property(bus, NotificationBus.serverName, NotificationBus.serverPath, "org.dunstproject.cmd0", "paused")
    }

    /// swaync's control centre, where its do-not-disturb is kept (0.7 and later).
    static let swaync = "org.erikreider.swaync.cc"
    /// The mode names that mean do-not-disturb to mako (its manual's example, and the short form).
    static let makoModes: Set<String> = ["do-not-disturb", "dnd"]

    /// The desktops whose do-not-disturb can be read here, for `doctor` (it says which it reads).
    static func readable(on bus: OpaquePointer) -> [String] {
        let server = "org.freedesktop.Notifications"
        let path = "/org/freedesktop/Notifications"
        var found: [String] = []
        if DBusCall.reachable(server, on: bus) {
            if property(bus, server, path, "org.dunstproject.cmd0", "paused") != nil { found.append("dunst") }
            if property(bus, server, path, server, "Inhibited") != nil { found.append("KDE Plasma") }
            if strings(bus, server, "/fr/emersion/Mako", "fr.emersion.Mako", "ListModes") != nil {
                found.append("mako")
            }
        }
        if DBusCall.reachable(swaync, on: bus),
            boolean(bus, swaync, "/org/erikreider/swaync/cc", swaync, "GetDnd") != nil
        {
            found.append("swaync")
        }
        if let banners = PortalSetting.read(
            "org.gnome.desktop.notifications", "show-banners", as: "b", on: bus, timeout: answerMilliseconds)
        {
            g_variant_unref(banners)
            found.append("GNOME")
        }
        return found
    }

    /// The answer of a method that takes nothing and returns one boolean.
    private static func boolean(
        _ bus: OpaquePointer, _ name: String, _ path: String, _ interface: String, _ method: String
    ) -> Bool? {
        guard
            case .success(let reply) = DBusCall.sync(
                bus, name, path, interface, method, nil, reply: "(b)", timeout: answerMilliseconds)
        else { return nil }
        defer { g_variant_unref(reply) }
        guard let value = g_variant_get_child_value(reply, 0) else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }

    /// The answer of a method that takes nothing and returns a list of strings.
    private static func strings(
        _ bus: OpaquePointer, _ name: String, _ path: String, _ interface: String, _ method: String
    ) -> [String]? {
        guard
            case .success(let reply) = DBusCall.sync(
                bus, name, path, interface, method, nil, reply: "(as)", timeout: answerMilliseconds)
        else { return nil }
        defer { g_variant_unref(reply) }
        return DBusCall.strings(reply, 0)
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
