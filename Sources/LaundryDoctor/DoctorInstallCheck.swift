import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryRendering

/// doctor's lines about which laundry runs: `make install`'s `~/.local/bin` before the package's `/usr/bin` on PATH, a
/// unit of `laundry daemon install` shadowing the packaged one, a daemon still running a binary an upgrade replaced.
enum DoctorInstallCheck {
    static func check(_ report: inout DoctorReport, status: DaemonStatus?, environment: [String: String]) {
        let area = Words.text("install")
        let own = InstallCheck.ownBinary ?? "laundry"
        let onPath = InstallCheck.binariesOnPath(environment: environment)
        report.ok(area, Words.text("{binary} (laundry {version})", ["binary": own, "version": LaundryVersion.current]))
        // laundryd as it answers for itself: the one found may be another install's.
        if let daemon = DaemonProgram.path(environment: environment) {
            let version = DaemonProgram.version(environment: environment) ?? "?"
            report.ok(area, Words.text("{binary} (laundry {version})", ["binary": daemon, "version": version]))
        }
        if onPath.count > 1 {
            report.warning(
                area,
                Words.text(
                    "{first} comes first on PATH and shadows {others}",
                    ["first": onPath[0], "others": onPath.dropFirst().joined(separator: ", ")]),
                fix: Words.text(
                    "keep one: make uninstall in the source tree (for ~/.local), or sudo apt remove laundry"))
        }
        for package in InstallCheck.missingRecommendations() {
            report.warning(
                Words.text("extras"),
                Words.text("{package} is not installed: {what}", ["package": package, "what": purpose(of: package)]),
                fix: "sudo apt install " + (package.split(separator: " ").first.map(String.init) ?? package))
        }
        let units = InstallCheck.userUnits(environment: environment)
        if let used = units.first {
            let program = InstallCheck.program(ofUnit: used) ?? "?"
            if let folders = UnitFile.otherFolder(ofUnit: used, environment: environment) {
                report.warning(
                    Words.text("unit"),
                    Words.text(
                        "{unit} runs the service on {folder}, not on {own}, the folder these commands use",
                        ["unit": used, "folder": folders.unit, "own": folders.own]),
                    fix: "laundry daemon install")
            } else {
                report.ok(
                    Words.text("unit"), Words.text("{unit} (runs {program})", ["unit": used, "program": program]))
            }
            if units.count > 1 {
                report.warning(
                    Words.text("unit"),
                    Words.text(
                        "{unit} shadows {others}", ["unit": used, "others": units.dropFirst().joined(separator: ", ")]),
                    fix: "rm \(ShellQuote.quote(used)) && systemctl --user daemon-reload")
            }
        }
        checkDaemon(&report, status: status)
    }

    private static func purpose(of package: String) -> String {
        switch package {
        case "sound-theme-freedesktop": return Words.text("the alarm has no sound to play")
        case "syncthing": return Words.text("no folder shared with the household's other machines")
        case "apprise": return Words.text("the apprise hook cannot reach a phone")
        case "bash-completion": return Words.text("bash does not complete laundry's commands and pets")
        default: return Words.text("no sound server plays the alarm")
        }
    }

    private static func checkDaemon(_ report: inout DoctorReport, status: DaemonStatus?) {
        if let status,
            let stale = InstallCheck.staleDaemon(
                pid: status.pid, version: status.version, currentVersion: LaundryVersion.current)
        {
            let why =
                switch stale {
                case .replaced(let path): Words.text("{path} was replaced", ["path": UnsafeText.escaped(path)])
                case .otherVersion(let running, let installed):
                    Words.text(
                        "version {running}, not {installed}",
                        ["running": UnsafeText.escaped(running), "installed": installed])
                }
            report.warning(
                Words.text("daemon"),
                Words.text(
                    "the running daemon (pid {pid}) is older than the installed laundry: {why}",
                    ["pid": String(status.pid), "why": why]),
                fix: "laundry daemon stop && laundry daemon start "
                    + Words.text("(or: systemctl --user restart laundry)"))
        }
    }
}
