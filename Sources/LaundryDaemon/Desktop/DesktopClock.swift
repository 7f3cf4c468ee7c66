import CGLib
import LaundryCore

/// The desktop's 12/24-hour choice (GNOME's `clock-format`, via the settings portal), so popup times match the top bar.
/// Read at start and on SIGHUP; nil without a portal (a bare window manager) or the setting: the locale decides.
enum DesktopClock {
    static func read() -> HourCycle? {
        guard
            let value = DBusCall.onSessionBus({
                PortalSetting.read("org.gnome.desktop.interface", "clock-format", as: "s", on: $0)
            }) ?? nil
        else { return nil }
        defer { g_variant_unref(value) }
        return HourCycle(rawValue: String(cString: g_variant_get_string(value, nil)))
    }
}
