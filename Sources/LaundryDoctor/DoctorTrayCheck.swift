import LaundryControl
import LaundryCore
import LaundryRendering

/// doctor's line on the tray icon, as the running daemon last found the panel.
enum DoctorTrayCheck {
    static func check(_ report: inout DoctorReport, config: DaemonConfig, status: DaemonStatus?) {
        let area = Words.text("tray")
        guard config.tray else { return report.ok(area, TrayStatusText.line(DaemonStatus.Tray(state: .off)).text) }
        // Without a daemon (or with one older than the tray) there is no icon to ask about: the daemon's line says so.
        guard let tray = status?.tray else { return }
        let line = TrayStatusText.line(tray)
        if line.ok {
            report.ok(area, line.text)
        } else {
            // Many desktops have no tray: a note, not a failure.
            report.note(
                area,
                line.text + "; "
                    + Words.text(
                        "GNOME shows tray icons with the AppIndicator extension "
                            + "(gnome-shell-extension-appindicator); KDE, Cinnamon, XFCE and waybar's tray show them"))
        }
    }
}
