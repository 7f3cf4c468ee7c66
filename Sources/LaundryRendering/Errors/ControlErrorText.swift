import LaundryControl
import LaundryCore

/// The words of `DaemonError`, and what to do when the desktop or the sound does not answer.
extension ErrorText {
    static func daemonLine(_ error: DaemonError) -> String {
        switch error {
        case .system(let call, let code): return "\(shown(call)) failed: \(SystemErrorText.describe(code))"
        case .alreadyRunning(let pid): return "the laundry daemon is already running\(pid.map { " (pid \($0))" } ?? "")"
        case .exitedAtOnce(let log): return "the laundry daemon exited at once; its log says why: \(shown(log))"
        case .executableNotFound: return "cannot find the laundry binary (/proc/self/exe is unreadable)"
        case .unitTemplateMissing(let path):
            return "cannot read the unit template \(shown(path)); reinstall laundry or set LAUNDRY_DATA_DIR"
        case .folderUnusable(let path, let reason):
            return "cannot use \(shown(path)) for the daemon's log: \(shown(reason))"
        }
    }

    /// No notification server answered.
    public static func missingServer(_ environment: [String: String]) -> String {
        guard let bus = environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty else {
            return "no session bus (DBUS_SESSION_BUS_ADDRESS is not set); run laundry inside your desktop session"
        }
        return "no notification server answers on the session bus (\(shown(bus))); start one (your desktop's, dunst "
            + "or mako) — until then notifications go to the daemon's log"
    }

    /// No sound could be made, from what `SoundCheck.probe` found.
    public static func soundFix(_ finding: SoundCheck.Finding) -> String {
        switch finding {
        case .noServer: return "no sound server answers: start PulseAudio or PipeWire (pipewire-pulse) in your session"
        case .noTheme: return "the sound theme is missing: install sound-theme-freedesktop"
        case .serverAndTheme: return "install libgsound0 and sound-theme-freedesktop"
        }
    }
}
