/// What to say when the desktop does not answer.
public enum DesktopAdvice {
    public static func missingServer(_ environment: [String: String]) -> String {
        guard let bus = environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty else {
            return "no session bus (DBUS_SESSION_BUS_ADDRESS is not set); run laundry inside your desktop session"
        }
        return "no notification server answers on the session bus (\(bus)); start one (your desktop's, dunst or mako) "
            + "— until then notifications go to the daemon's log"
    }
}
