import LaundryControl
import LaundryCore

/// The tray icon in `daemon status` and doctor: in a panel, waiting for one, refused, or off.
public enum TrayStatusText {
    /// The line's words, and whether nothing is amiss (off by choice counts as fine).
    public static func line(_ tray: DaemonStatus.Tray) -> (text: String, ok: Bool) {
        switch tray.state {
        case .off:
            return (Words.text("off (\"tray\": false in config.json)"), true)
        case .shown:
            return (Words.text("in the panel ({watcher} hosts it)", ["watcher": tray.watcher ?? "?"]), true)
        case .refused:
            let reason = tray.problem ?? ""
            return (Words.text("the panel did not take the icon ({reason})", ["reason": reason]), false)
        case .noWatcher:
            return (Words.text("no panel on this desktop shows tray icons (no StatusNotifierWatcher)"), false)
        }
    }
}
