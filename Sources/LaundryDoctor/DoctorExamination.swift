import FoundationEssentials
import LaundryActions
import LaundryControl
import LaundryCore
import LaundryRendering

/// `laundry doctor`'s decisions: every check of the set-up, each finding worded with its fix (a problem fails it).
public enum DoctorExamination {
    public static func report(environment: [String: String]) -> DoctorReport {
        var report = DoctorReport(style: Terminal(environment: environment).style)
        guard let context = checkData(&report, environment) else { return report }
        checkHome(&report, context.laundry.inspect(), home: context.laundry.home)
        DoctorHouseholdCheck.check(&report, context.laundry.inspectHousehold(), now: context.laundry.now)
        checkSettings(&report, context)
        checkDaemon(&report, context)
        // The desktop is laundryd's to ask: the command links no GLib.
        let desktop = Result { () throws(DaemonError) in try DesktopFindings.probe(environment: environment) }
        DoctorServerCheck.check(&report, desktop, environment: environment)
        let status =
            DaemonLock.isHeld(paths: context.runtime) ? DaemonStatus.read(from: context.runtime.status) : nil
        let config = (try? context.laundry.loadConfig()) ?? .defaults
        // Without laundryd's answer the notifications line already says why; nothing is known of the desktop.
        if let findings = try? desktop.get() {
            DoctorServerCheck.checkKeepAwake(
                &report, interfaces: findings.suspendInhibitors, status: status, config: config,
                now: context.laundry.now)
            DoctorDesktopCheck.checkLiveCard(&report, findings, config: config)
            DoctorDesktopCheck.checkDoNotDisturb(&report, findings, config: config)
        }
        DoctorTrayCheck.check(&report, config: config, status: status)
        DoctorInstallCheck.check(&report, status: status, environment: environment)
        DoctorBrokerCheck.check(
            &report, config: config, status: status, configPath: context.laundry.configPath,
            environment: environment)
        DoctorCalendarCheck.check(&report, config: config, status: status, environment: environment)
        DoctorMachineCheck.check(
            &report, config: config, status: status, environment: environment, now: context.laundry.now)
        checkClock(&report, context)
        return report
    }

    /// What the checks read: the way in, the environment, the daemon's runtime files.
    private struct Context {
        let laundry: Laundry
        let runtime: RuntimePaths
        let environment: [String: String]
    }

    private static func checkData(_ report: inout DoctorReport, _ environment: [String: String]) -> Context? {
        do {
            let context = Context(
                laundry: try Laundry.open(environment: environment),
                runtime: RuntimePaths.resolve(environment: environment), environment: environment)
            _ = try MessageCatalog.load(from: context.laundry.dataDirectory)
            report.ok(Words.text("data folder"), context.laundry.dataDirectory.path)
            return context
        } catch {
            report.problem(
                Words.text("data folder"), ErrorText.line(for: error) ?? "\(error)",
                fix: Words.text(
                    "reinstall laundry (make install) or set LAUNDRY_DATA_DIR to the folder with kinds.json"))
            return nil
        }
    }

    private static func checkHome(_ report: inout DoctorReport, _ inspection: Inspection, home: String) {
        switch inspection.home {
        case .notCreated:
            report.ok(
                "LAUNDRY_HOME", Words.text("{home} (not created yet; the first adopt creates it)", ["home": home]))
        case .notWritable:
            report.problem(
                "LAUNDRY_HOME", Words.text("{home} is not a folder you can write", ["home": home]),
                fix: Words.text("fix its permissions or point LAUNDRY_HOME elsewhere"))
            return
        case .ready(let pets, let timers):
            let counts = [
                Words.count(pets, "{count} pet", "{count} pets"),
                Words.count(timers, "{count} timer", "{count} timers"),
            ]
            report.ok("LAUNDRY_HOME", "\(home): " + counts.joined(separator: ", "))
        }
        for problem in inspection.problems {
            report.problem(Words.text("files"), ErrorText.line(for: problem), fix: ErrorText.fix(for: problem))
        }
        for file in inspection.setAsideFiles {
            report.warning(
                Words.text("files"), Words.text("{file} was set aside as corrupt", ["file": file]),
                fix: Words.text(
                    "look at it; the pet's other parts are kept, and the next change made here writes a new one"))
        }
    }

    private static func checkSettings(_ report: inout DoctorReport, _ context: Context) {
        let laundry = context.laundry
        let path = laundry.configPath ?? "config.json"
        do {
            let config = try laundry.loadConfig()
            if FileManager.default.fileExists(atPath: path) {
                report.ok("config.json", "\(path): \(ConfigSummary.line(config))")
            } else {
                report.note("config.json", Words.text("none at {path}: the defaults run", ["path": path]))
            }
            report.ok(Words.text("quiet hours"), QuietHoursText.describe(config.quietHours, at: laundry.now))
            checkSound(&report, config, context.environment)
        } catch {
            report.problem(
                "config.json", ErrorText.line(for: error) ?? "\(error)",
                fix: Words.text(
                    "edit {path}; the daemon keeps its previous settings until it reads a good file", ["path": path]
                ))
        }
    }

    private static func checkSound(
        _ report: inout DoctorReport, _ config: DaemonConfig, _ environment: [String: String]
    ) {
        guard config.sound else {
            report.ok(Words.text("sound"), Words.text("off (\"sound\": false in config.json)"))
            return
        }
        if let socket = SoundCheck.serverSocket(environment: environment), SoundCheck.serverAnswers(at: socket) {
            report.ok(Words.text("sound"), Words.text("a sound server answers at {socket}", ["socket": socket]))
        } else {
            report.warning(
                Words.text("sound"),
                Words.text("no sound server (PulseAudio or PipeWire) answers: finished loads will be silent"),
                fix: Words.text("start PulseAudio or PipeWire (pipewire-pulse) in your session"))
        }
        if let theme = SoundCheck.themeSound(environment: environment) {
            report.ok(Words.text("sound theme"), theme)
        } else {
            report.warning(
                Words.text("sound theme"), Words.text("the freedesktop sound theme's 'complete' is missing"),
                fix: Words.text("install sound-theme-freedesktop"))
        }
    }

    private static func checkDaemon(_ report: inout DoctorReport, _ context: Context) {
        guard DaemonLock.isHeld(paths: context.runtime) else {
            report.warning(
                Words.text("daemon"), Words.text("not running: no notifications will pop up"),
                fix: Words.text("laundry daemon start, or for systemd: laundry daemon install"))
            return
        }
        let status = DaemonStatus.read(from: context.runtime.status)
        report.ok(
            Words.text("daemon"),
            status.map {
                Words.count(
                    $0.timersArmed, "running (pid {pid}, {count} timer armed)",
                    "running (pid {pid}, {count} timers armed)", ["pid": String($0.pid)])
            } ?? Words.text("running"))
        if let status, status.home != context.laundry.home {
            report.warning(
                Words.text("daemon"), Words.text("it serves {home}, not this LAUNDRY_HOME", ["home": status.home]),
                fix: Words.text("laundry daemon stop, then start it with the LAUNDRY_HOME you use"))
        }
    }

    private static func checkClock(_ report: inout DoctorReport, _ context: Context) {
        let now = context.laundry.now
        report.ok(Words.text("clock"), ClockText.describe(now))
        if context.environment["LAUNDRY_FAKE_NOW"] != nil {
            report.warning(
                Words.text("clock"), Words.text("LAUNDRY_FAKE_NOW is set: laundry runs on a shifted clock"),
                fix: Words.text("unset LAUNDRY_FAKE_NOW"))
        }
    }
}
