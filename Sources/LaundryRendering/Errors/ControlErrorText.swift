import LaundryControl
import LaundryCore

/// The words of `DaemonError`, and what to do when the desktop or the sound does not answer.
extension ErrorText {
    static func daemonLine(_ error: DaemonError) -> String {
        switch error {
        case .system(let call, let code):
            return Words.text("{call} failed: {code}", ["call": shown(call), "code": SystemErrorText.describe(code)])
        case .alreadyRunning(let pid):
            return Words.text("the laundry daemon is already running{pid}", ["pid": pid.map { " (pid \($0))" } ?? ""])
        case .exitedAtOnce(let log):
            return Words.text("the laundry daemon exited at once; its log says why: {log}", ["log": shown(log)])
        case .daemonProgramNotFound:
            return Words.text("cannot find laundryd beside laundry or on PATH; reinstall laundry (make install)")
        case .daemonProgramFailed(let program):
            return Words.text("{program} failed; the lines above say why", ["program": shown(program)])
        case .unitTemplateMissing(let path):
            return Words.text(
                "cannot read the unit template {path}; reinstall laundry or set LAUNDRY_DATA_DIR", ["path": shown(path)]
            )
        case .folderUnusable(let path, let problem):
            return Words.text(
                "cannot use {path} for the daemon's log: {reason}", ["path": shown(path), "reason": line(for: problem)])
        }
    }

    public static func missingServer(_ environment: [String: String]) -> String {
        guard let bus = environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty else {
            return Words.text(
                "no session bus (DBUS_SESSION_BUS_ADDRESS is not set); run laundry inside your desktop session")
        }
        return Words.text(
            "no notification server answers on the session bus ({bus}); start one (your desktop's, dunst or "
                + "mako) — until then notifications go to the daemon's log",
            ["bus": shown(bus)])
    }

    /// No sound could be made, from what `SoundCheck.probe` found.
    public static func soundFix(_ finding: SoundCheck.Finding) -> String {
        switch finding {
        case .noServer:
            return Words.text("no sound server answers: start PulseAudio or PipeWire (pipewire-pulse) in your session")
        case .noTheme: return Words.text("the sound theme is missing: install sound-theme-freedesktop")
        case .serverAndTheme: return Words.text("install libgsound0 and sound-theme-freedesktop")
        }
    }
}
