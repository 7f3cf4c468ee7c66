import ArgumentParser
import Foundation
import LaundryCore
import LaundryDaemon
import LaundryStore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check laundry's set-up and explain each problem found: data, files, daemon, notifications, clock."
    )

    func run() throws {
        var report = DoctorReport(style: Style(enabled: Terminal(environment: ProcessInfo.processInfo.environment).useColor))
        let environment = ProcessInfo.processInfo.environment
        guard let context = checkData(&report, environment) else {
            report.print()
            throw ExitCode.failure
        }
        checkHome(&report, context)
        checkDaemon(&report, context)
        checkNotifications(&report, context)
        checkClock(&report, context)
        report.print()
        if report.problems > 0 { throw ExitCode.failure }
    }

    private func checkData(_ report: inout DoctorReport, _ environment: [String: String]) -> AppContext? {
        do {
            let context = try AppContext.make(environment: environment)
            _ = try context.data.loadMessages()
            report.ok("data folder", context.data.path)
            return context
        } catch {
            report.problem("data folder", "\(error)", fix: "reinstall laundry (make install) or set LAUNDRY_DATA_DIR to the folder with kinds.json")
            return nil
        }
    }

    private func checkHome(_ report: inout DoctorReport, _ context: AppContext) {
        let paths = context.laundry.store.paths
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: paths.root, isDirectory: &isFolder) else {
            report.ok("LAUNDRY_HOME", "\(paths.root) (not created yet; the first adopt creates it)")
            return
        }
        guard isFolder.boolValue, access(paths.root, W_OK) == 0 else {
            report.problem("LAUNDRY_HOME", "\(paths.root) is not a folder you can write", fix: "fix its permissions or point LAUNDRY_HOME elsewhere")
            return
        }
        // A check changes nothing: corrupt files are reported here, set aside by the next command.
        let snapshot = PetStore(paths: paths, setsAsideCorruptFiles: false).loadAll()
        report.ok("LAUNDRY_HOME", "\(paths.root): \(snapshot.states.count) pets, \(snapshot.states.filter { $0.liveTimer != nil }.count) timers")
        for problem in snapshot.problems {
            report.problem("files", problem.description, fix: fix(for: problem))
        }
        let setAside = (try? FileManager.default.contentsOfDirectory(atPath: paths.pets))?.filter { $0.contains(".corrupt-") } ?? []
        for file in setAside {
            report.warning("files", "\(paths.pets)/\(file) was set aside as corrupt", fix: "look at it, repair it into a new pets/<uuid>.json, or delete it")
        }
        if let config = try? ConfigFile.load(paths) {
            report.ok("config.json", "reminders every \(config.nagIntervalMinutes) min, at most \(config.nagLimit); notifications \(config.notifications ? "on" : "off")")
        } else {
            report.problem("config.json", "\(paths.config) does not parse", fix: "fix the JSON or delete the file to use the defaults")
        }
    }

    private func fix(for problem: StoreProblem) -> String {
        switch problem {
        case .orphanTimer(let path): return "delete \(path)"
        case .newerSchema: return "upgrade laundry"
        case .setAside: return "the pet is gone from the list; repair the set-aside file or adopt it again"
        case .unreadable: return "the next laundry command sets a corrupt file aside; otherwise check its type and permissions"
        case .notSaved: return "check the file's permissions"
        }
    }

    private func checkDaemon(_ report: inout DoctorReport, _ context: AppContext) {
        guard DaemonLock.isHeld(paths: context.runtime) else {
            report.warning("daemon", "not running: no notifications will pop up", fix: "laundry daemon start (or laundry daemon install for systemd)")
            return
        }
        let status = DaemonStatus.read(from: context.runtime.status)
        report.ok("daemon", "running" + (status.map { " (pid \($0.pid), \($0.timersArmed) timers armed)" } ?? ""))
        if let status, status.home != context.laundry.store.paths.root {
            report.warning("daemon", "it serves \(status.home), not this LAUNDRY_HOME", fix: "laundry daemon stop, then start it with the LAUNDRY_HOME you use")
        }
    }

    private func checkNotifications(_ report: inout DoctorReport, _ context: AppContext) {
        let notifier = LibNotifyNotifier(iconPath: nil)
        guard let server = notifier.refreshServer() else {
            report.problem("notifications", "no notification server", fix: NotificationServerCheck.missingServerAdvice(context.environment))
            return
        }
        if server.hasActions {
            report.ok("notifications", "\(server.name) \(server.version), with buttons")
        } else {
            report.warning("notifications", "\(server.name) \(server.version) shows no buttons", fix: "notifications will name the command to type; a server such as dunst shows buttons")
        }
    }

    private func checkClock(_ report: inout DoctorReport, _ context: AppContext) {
        let zone = TimeZone.current
        let offset = zone.secondsFromGMT(for: context.now)
        let sign = offset < 0 ? "-" : "+"
        let text = String(format: "%@%02d:%02d", sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
        let now = LocalTime.dateTime(context.now, seconds: true)
        report.ok("clock", "\(now) \(zone.identifier) (UTC\(text))\(zone.isDaylightSavingTime(for: context.now) ? ", daylight saving" : "")")
        if context.environment["LAUNDRY_FAKE_NOW"] != nil {
            report.warning("clock", "LAUNDRY_FAKE_NOW is set: laundry runs on a shifted clock", fix: "unset LAUNDRY_FAKE_NOW")
        }
    }
}

/// The lines `laundry doctor` prints: ✓ fine, ! worth knowing, ✗ a problem, each with what to do.
struct DoctorReport {
    let style: Style
    private(set) var lines: [String] = []
    private(set) var problems = 0

    init(style: Style) { self.style = style }

    mutating func ok(_ area: String, _ detail: String) {
        lines.append("\(style.paint("✓", .green)) \(TextWidth.padded(area, to: 14)) \(TerminalText.sanitize(detail))")
    }

    mutating func warning(_ area: String, _ detail: String, fix: String) {
        lines.append("\(style.paint("!", .yellow)) \(TextWidth.padded(area, to: 14)) \(TerminalText.sanitize(detail))")
        lines.append("  \(String(repeating: " ", count: 14)) \(style.dim("→ " + fix))")
    }

    mutating func problem(_ area: String, _ detail: String, fix: String) {
        problems += 1
        lines.append("\(style.paint("✗", .red)) \(TextWidth.padded(area, to: 14)) \(TerminalText.sanitize(detail))")
        lines.append("  \(String(repeating: " ", count: 14)) \(style.dim("→ " + fix))")
    }

    func print() {
        Swift.print(lines.joined(separator: "\n"))
    }
}
