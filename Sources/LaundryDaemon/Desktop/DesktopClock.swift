import CGLib
import LaundryCore

/// The desktop's own 12- or 24-hour choice (GNOME's `clock-format`), through the settings portal,
/// so a popup's times read like the top bar's clock. Asked when the daemon starts and when its
/// settings are reloaded (SIGHUP); nil where no portal answers (a bare window manager) or it has no
/// such setting, and then the locale decides.
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
