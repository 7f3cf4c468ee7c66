import CGLib
import FoundationEssentials
import LaundryCore

/// Whether the desktop is in do-not-disturb: dunst's pause, Plasma's `Inhibited`, swaync's DND, mako's `do-not-disturb`
/// mode, GNOME's `show-banners` (portal). Read when due and each `DoNotDisturb.poll` while held: desktops signal
/// differently, and a few short questions then cost little (bench row "health tick": only when a pet could warn).
enum DoNotDisturb {
    static let poll: TimeInterval = 2
    /// A server must not hold the daemon's loop: a question unanswered this long counts as "off".
    static let answerMilliseconds: Int32 = 250

    /// The desktop saying do-not-disturb is on, or nil (off, or no answer). Known `serverName`: dunst, Plasma, mako are
    /// asked only in their place; a question may wait `answerMilliseconds` on a busy server, holding a finish's popup.
    static func read(on bus: OpaquePointer, serverName: String? = nil) -> String? {
        // A server of another name (or none known yet) is asked in all three places.
        let name = serverName?.lowercased() ?? ""
        let known = probes.compactMap(\.server).contains(name)
        return probes(on: bus).first { probe in
            (!known || probe.server == nil || probe.server == name) && probe.isOn(bus) == true
        }?.desktop
    }

    /// The desktops whose do-not-disturb can be read here, for `doctor` (it says which it reads).
    static func readable(on bus: OpaquePointer) -> [String] {
        probes(on: bus).filter { $0.isOn(bus) != nil }.map(\.desktop)
    }

    /// dunst's pause (nil: no dunst answers).
    static func dunstPaused(on bus: OpaquePointer) -> Bool? {
        property(bus, server, path, "org.dunstproject.cmd0", "paused")
    }

    private struct Probe: Sendable {
        let desktop: String
        /// The notification server's name when it is that server's own (nil: a service of its own).
        let server: String?
        /// Whether it is on; nil where it cannot be asked.
        let isOn: @Sendable (OpaquePointer) -> Bool?
    }

    private static let server = NotificationBus.serverName
    private static let path = NotificationBus.serverPath
    /// swaync's control centre, where its do-not-disturb is kept (0.7 and later).
    private static let swaync = "org.erikreider.swaync.cc"
    /// The mode names that mean do-not-disturb to mako (its manual's example, and the short form).
    private static let makoModes: Set<String> = ["do-not-disturb", "dnd"]

    private static let probes: [Probe] = [
        Probe(desktop: "dunst", server: "dunst") { dunstPaused(on: $0) },
        Probe(desktop: "KDE Plasma", server: "plasma") { property($0, server, path, server, "Inhibited") },
        // mako 1.7 and later; older ones cannot be asked.
        Probe(desktop: "mako", server: "mako") {
            strings($0, server, "/fr/emersion/Mako", "fr.emersion.Mako", "ListModes")?.contains(
                where: makoModes.contains)
        },
        Probe(desktop: "swaync", server: nil) { bus in
            DBusCall.reachable(swaync, on: bus)
                ? boolean(bus, swaync, "/org/erikreider/swaync/cc", swaync, "GetDnd") : nil
        },
        // GNOME hides banners in do-not-disturb.
        Probe(desktop: "GNOME", server: nil) { bus in
            guard
                let banners = PortalSetting.read(
                    "org.gnome.desktop.notifications", "show-banners", as: "b", on: bus, timeout: answerMilliseconds)
            else { return nil }
            defer { g_variant_unref(banners) }
            return g_variant_get_boolean(banners) == 0
        },
    ]

    /// The probes worth asking: a notification server's own only when one is on the bus.
    private static func probes(on bus: OpaquePointer) -> [Probe] {
        DBusCall.reachable(server, on: bus) ? probes : probes.filter { $0.server == nil }
    }

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
