import Foundation
import LaundryTestSupport
import XCTest

/// The real daemon against a real notification server (dunst under Xvfb on a private bus, from
/// scripts/notification-session.sh, which `make test` runs the suite in).
final class DaemonEndToEndTests: DaemonTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        home.logsJSON()
    }

    func test_threeWashesGiveThreeNotificationsInOrder() throws {
        let names = ["First \(marker)", "Second \(marker)", "Third \(marker)"]
        for name in names { home.ok("adopt", name) }
        home.ok("wash", names[2], "--for", "3s")
        home.ok("wash", names[0], "--for", "1s")
        home.ok("wash", names[1], "--for", "2s")
        XCTAssertEqual(home.ok("daemon", "status").status, 0, "the first wash started the daemon")
        XCTAssertTrue(waitUntil(6) { NotifyLog.calls(mentioning: marker).count >= 3 }, log)
        let calls = NotifyLog.calls(mentioning: marker)
        XCTAssertEqual(calls.map(\.body), names.map { "\($0) is ready for the dryer!" })
        for call in calls {
            XCTAssertEqual(call.appName, "laundry")
            XCTAssertEqual(call.summary, "🫧 Wash Complete!")
            XCTAssertEqual(
                call.actions,
                ["dry", "Start dryer", "air-dry", "Air-dry", "snooze", "Snooze 10 min", "default", "Got it"])
            XCTAssertEqual(call.urgency, 2, "critical")
            XCTAssertEqual(call.category, "x-laundry.done")
            XCTAssertEqual(call.suppressSound, true, "laundry rings its own alarm")
        }
        XCTAssertEqual(calls.count, 3, "each once")
    }

    /// libasound prints its errors on stderr (`ALSA lib pcm.c:…: Unknown PCM default`, a screenful per ring on a
    /// machine without a sound card): they stay out of the daemon's log, which `make demo` shows; the sound's failure
    /// is one fact.
    func test_alsasOwnErrorsStayOutOfTheDaemonsLog() throws {
        try ringWithoutASoundCard()
        XCTAssertEqual(linesNotFacts, [], "every line of the log is one of the daemon's facts")
        XCTAssertFalse(log.contains("ALSA"), log)
    }

    /// The same ring at debug level (`LAUNDRY_LOG_TIMINGS=1`): ALSA's errors are there as the daemon's debug lines, so
    /// the test above shows them caught, not merely that ALSA said nothing.
    func test_alsasOwnErrorsAreTheDaemonsDebugLines() throws {
        home.environment["LAUNDRY_LOG_TIMINGS"] = "1"
        try ringWithoutASoundCard()
        XCTAssertTrue(
            waitUntil(5) {
                self.home.daemonEvents(["level": "debug"]).contains { $0["message"]?.hasPrefix("ALSA: ") == true }
            }, log)
        XCTAssertEqual(linesNotFacts, [], "none on stderr as libasound writes it")
    }

    /// Lines of the daemon's log (JSON lines, `logsJSON()`) that are not its facts: what a library wrote itself.
    private var linesNotFacts: [String] {
        log.split(separator: "\n").map(String.init).filter {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] == nil
        }
    }

    /// A wash rung at its end through libcanberra's ALSA backend with an ALSA configuration without a default device,
    /// so libasound has errors to print; done once the sound's failure is logged.
    private func ringWithoutASoundCard() throws {
        home.logsJSON()
        let alsa = home.path + "/alsa.conf"
        try "".write(toFile: alsa, atomically: true, encoding: .utf8)
        home.environment["CANBERRA_DRIVER"] = "alsa"
        home.environment["ALSA_CONFIG_PATH"] = alsa
        let name = "Quiet \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "1s")
        XCTAssertTrue(waitUntil(15) { self.logged(["surface": "alarm", "event": "noSound"]) > 0 }, log)
    }

    func test_pressingStartDryerPutsThePetInTheDryer() throws {
        let name = "Button \(marker)"
        home.ok("adopt", name)
        home.runProgram("/usr/bin/dunstctl", ["close-all"])
        home.ok("wash", name, "--for", "1s")
        XCTAssertTrue(waitUntil(5) { !NotifyLog.calls(mentioning: marker).isEmpty }, log)
        let pick = try XCTUnwrap(ProcessInfo.processInfo.environment["LAUNDRY_DUNST_PICK"])
        try ",dry]".write(toFile: pick, atomically: true, encoding: .utf8)
        home.runProgram("/usr/bin/dunstctl", ["context"])
        XCTAssertTrue(waitUntil(5) { self.home.pet(name)["stage"] as? String == "drying" }, log)
        let timer = try XCTUnwrap(home.pet(name)["timer"] as? [String: Any])
        XCTAssertEqual(timer["kind"] as? String, "dry")
        XCTAssertEqual(
            timer["remainingSeconds"] as? Double ?? 0, 3600, accuracy: 10, "the pet's own dry duration: clothes dry 1h")
    }

    func test_aTimerThatEndsWhileTheDaemonIsKilledIsAnnouncedOnceAtTheNextStart() throws {
        let name = "Crash \(marker)"
        // The daemon's next deadline tells when it has read the pets: no card's minute before it.
        try home.writeConfig(#"{"liveCard": false}"#)
        home.ok("adopt", name)
        home.ok("daemon", "start")
        let pid = try XCTUnwrap(home.daemonPID)
        home.ok("wash", name, "--for", "1s")
        kill(pid, SIGKILL)
        XCTAssertTrue(waitUntil(5) { self.home.pet(name)["stage"] as? String == "washed" }, "the load ended")
        XCTAssertEqual(NotifyLog.calls(mentioning: marker).count, 0, "nobody announced it yet")
        home.environment["LAUNDRY_NO_AUTOSTART"] = "1"
        home.ok("daemon", "start")
        XCTAssertTrue(waitUntil(5) { NotifyLog.calls(mentioning: marker).count == 1 }, log)
        home.ok("daemon", "stop")
        home.ok("daemon", "start")
        // A dryer started after the restart: once its end is the daemon's next deadline (not the
        // wet load's first reminder), the daemon has read the pets at start-up, where a second
        // announcement of the wash would have been.
        home.ok("dry", name, "--for", "1h")
        XCTAssertTrue(waitUntil(5) { (self.home.daemonDeadline?.timeIntervalSinceNow ?? 0) > 1800 }, log)
        XCTAssertEqual(NotifyLog.calls(mentioning: marker).count, 1, "never twice, across restarts: \(log)")
    }

    func test_aPetWashedSixDaysAgoIsWarnedWithinOneTick() throws {
        let name = "Towels \(marker)"
        home.ok("adopt", name, "--kind", "towels", "--every", "7", "--last-washed", "6 days ago")
        home.ok("daemon", "start")
        XCTAssertTrue(waitUntil(31) { !NotifyLog.calls(mentioning: marker).isEmpty }, log)
        let warning = try XCTUnwrap(NotifyLog.calls(mentioning: marker).first)
        XCTAssertEqual(warning.summary, "⚠️ Needs Laundry Soon")
        XCTAssertEqual(warning.body, "\(name) is at 14% health. Time for a wash!")
        XCTAssertEqual(warning.actions, ["wash", "Start wash", "default", "Got it"])
        XCTAssertEqual(warning.urgency, 1, "normal")
    }

    func test_wetLaundryIsNaggedAtTheConfiguredIntervalUpToTheLimit() throws {
        try home.writeConfig(#"{"nagIntervalMinutes": 0.02, "nagLimit": 2}"#)
        let name = "Wet \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "1s")
        // Done at 1 s, reminders 1.2 s apart: at about 2.2 s and 3.4 s, then no more.
        XCTAssertTrue(waitUntil(8) { NotifyLog.calls(mentioning: marker).count >= 3 }, log)
        // A later deadline of the same daemon: a third reminder (at 4.6 s) would come before it.
        home.ok("adopt", "Later \(marker)")
        home.ok("wash", "Later \(marker)", "--for", "2s")
        let later = ["pet": "Later \(marker)", "event": "washDone", "shown": "true"]
        XCTAssertTrue(waitUntil(6) { self.logged(later) == 1 }, log)
        let calls = NotifyLog.calls(mentioning: marker).filter { !$0.body.contains("Later") }
        XCTAssertEqual(
            calls.map(\.summary), ["🫧 Wash Complete!", "🧺 \(name) is still wet", "🧺 \(name) is still wet"])
        XCTAssertTrue(calls[1].body.hasPrefix("\(name) has been waiting in the washer for"), calls[1].body)
        XCTAssertEqual(
            calls[1].actions,
            ["dry", "Start dryer", "air-dry", "Air-dry", "snooze", "Snooze 10 min", "default", "Got it"])
        XCTAssertEqual(calls[1].category, "x-laundry.reminder")
        XCTAssertGreaterThan(calls[2].time - calls[1].time, 1.0, "one interval apart")
    }

    func test_withNoNotificationServerTheDaemonKeepsRunningAndDoctorSaysWhy() throws {
        // A private bus of its own, with nobody owning org.freedesktop.Notifications and no service
        // files, so nothing can be activated to own it either.
        let config = home.path + "/bus.conf"
        let standard = try String(contentsOfFile: "/usr/share/dbus-1/session.conf", encoding: .utf8)
        try standard.replacingOccurrences(of: "<standard_session_servicedirs />", with: "")
            .replacingOccurrences(of: "<includedir>session.d</includedir>", with: "")
            .write(toFile: config, atomically: true, encoding: .utf8)
        let bus = home.runProgram(
            "/usr/bin/dbus-daemon", ["--config-file=\(config)", "--fork", "--print-address=1", "--print-pid=1"])
        let lines = bus.stdout.split(separator: "\n").map(String.init)
        let address = try XCTUnwrap(lines.first)
        let busPID = try XCTUnwrap(lines.last.flatMap { Int32($0) })
        defer { kill(busPID, SIGTERM) }
        home.environment["DBUS_SESSION_BUS_ADDRESS"] = address
        home.environment["DISPLAY"] = nil
        let name = "Lonely \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "1s")
        XCTAssertTrue(waitUntil(5) { self.logged(["pet": name, "event": "washDone", "shown": "false"]) == 1 }, log)
        XCTAssertEqual(logged(["surface": "notificationServer", "event": "none"]), 1, log)
        XCTAssertEqual(home.run(["daemon", "status"]).status, 0, "still running")
        XCTAssertNotNil(home.daemonStatus["pid"], "daemon.json, which `daemon status` words")
        XCTAssertNil(home.daemonStatus["server"], "no server named: \(home.daemonStatus)")
        let doctor = home.run(["doctor"])
        XCTAssertEqual(doctor.status, 1)
        XCTAssertTrue(
            doctor.stdout.contains("✗ notifications") && doctor.stdout.contains("no notification server answers"),
            doctor.stdout)
        XCTAssertEqual(NotifyLog.calls(mentioning: marker).count, 0)
    }

    func test_notifyTestReportsTheServer() {
        let result = home.ok("notify-test")
        XCTAssertTrue(result.stdout.contains("Server:       dunst"), result.stdout)
        XCTAssertTrue(result.stdout.contains("actions"), result.stdout)
    }

    /// The hook's end travels from laundryd to `notify-test` as data and is worded there: in
    /// German too.
    func test_notifyTestSaysHowTheHookEnded() throws {
        try home.writeConfig(#"{"hook": ["sh", "-c", "echo oops >&2; exit 3"]}"#)
        XCTAssertTrue(home.ok("notify-test").stdout.contains("Hook:         exit 3; stderr: oops"))
        try home.writeConfig(#"{"hook": ["/no/such/program"]}"#)
        let german = home.ok("notify-test", environment: ["LANG": "de_DE.UTF-8"]).stdout
        XCTAssertTrue(german.contains("/no/such/program kann nicht ausgeführt werden: "), german)
    }

    func test_daemonInstallWritesAUnit() throws {
        home.environment["XDG_CONFIG_HOME"] = home.path + "/config"
        let result = home.ok("daemon", "install")
        XCTAssertTrue(result.stdout.contains("systemctl --user enable --now laundry.service"))
        let unit = try String(contentsOfFile: home.path + "/config/systemd/user/laundry.service", encoding: .utf8)
        // The unit runs laundryd, the daemon's own program beside laundry.
        let binary = URL(fileURLWithPath: LaundryHome.binary).resolvingSymlinksInPath().path
        XCTAssertTrue(unit.contains("ExecStart=\(binary)d\n"), unit)
    }

    /// The unit sets the folders the commands use, quoted as systemd reads them (`%` doubled, `\\` and `"` escaped),
    /// and doctor reads them back as the same folder; a folder at its default is left to the default.
    func test_daemonInstallWritesTheFoldersTheCommandsUse() throws {
        let data = home.path + #"/data 100% "x" \y"#
        let userHome = try XCTUnwrap(ProcessInfo.processInfo.environment["HOME"])
        let environment = ["LAUNDRY_HOME": data, "XDG_DATA_HOME": userHome + "/.local/share"]
        home.ok("daemon", "install", environment: environment)
        let unit = try String(contentsOfFile: home.path + "/config/systemd/user/laundry.service", encoding: .utf8)
        XCTAssertEqual(
            unit.split(separator: "\n").filter { $0.hasPrefix("Environment=") }.map(String.init),
            [
                #"Environment="LAUNDRY_HOME=\#(home.path)/data 100%% \"x\" \\y""#,
                #"Environment="XDG_CONFIG_HOME=\#(home.path)/config""#,
                #"Environment="XDG_STATE_HOME=\#(home.path)/state""#,
            ], unit)
        let doctor = home.run(["doctor"], environment: environment).stdout
        XCTAssertTrue(doctor.contains("✓ unit"), doctor)
    }

    func test_sighupReloadsTheConfigAndSigintStopsCleanly() throws {
        home.ok("daemon", "start")
        let statusFile = home.path + "/runtime/laundry/daemon.json"
        let pid = try XCTUnwrap(home.daemonPID)
        try home.writeConfig(#"{"nagIntervalMinutes": 5, "nagLimit": 2}"#)
        kill(pid, SIGHUP)
        let reloaded = ["surface": "settings", "event": "reloaded", "nagIntervalMinutes": "5.0", "nagLimit": "2"]
        XCTAssertTrue(waitUntil(5) { self.logged(reloaded) == 1 }, log)
        kill(pid, SIGINT)
        XCTAssertTrue(
            waitUntil(5) {
                self.logged(["surface": "daemon", "event": "stopping", "signal": "SIGINT"]) == 1
                    && self.logged(["surface": "daemon", "event": "stopped"]) == 1
            }, log)
        XCTAssertTrue(waitUntil(5) { self.home.run(["daemon", "status"]).status == 1 }, "the lock is free again")
        XCTAssertFalse(FileManager.default.fileExists(atPath: statusFile), "no stale status left")
    }

    func test_oneDaemonPerUser() {
        home.ok("daemon", "start")
        let second = home.run(["daemon", "run"])
        XCTAssertEqual(second.status, 1)
        XCTAssertTrue(second.stderr.contains("already running"), second.stderr)
    }
}
