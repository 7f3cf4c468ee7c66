import Foundation
import LaundryTestSupport
import XCTest

/// config.json where it lives now, read strictly, by the daemon and by doctor.
final class SettingsEndToEndTests: XCTestCase {
    private var home: LaundryHome!

    override func setUpWithError() throws {
        home = LaundryHome()
        try home.allowDaemon()
    }

    override func tearDown() {
        home?.run(["daemon", "stop"])
        NotifyLog.clearScreen()
    }

    private var log: String { home.daemonLog }

    private func logged(_ fields: [String: String]) -> Int { home.daemonEvents(fields).count }

    func test_doctorNamesTheWrongKey() throws {
        try home.writeConfig(#"{"alarmRepeatSecond": 10}"#)
        home.ok("adopt", "Socks")
        let doctor = home.run(["doctor"])
        XCTAssertEqual(doctor.status, 1)
        XCTAssertTrue(
            doctor.stdout.contains(
                "✗ config.json    \(home.configFile): unknown setting 'alarmRepeatSecond'; "
                    + "did you mean 'alarmRepeatSeconds'?"), doctor.stdout)
    }

    func test_doctorShowsTheSettingsAndQuietHours() throws {
        try home.writeConfig(#"{"quietHours": {"from": "00:00", "to": "23:59"}, "sound": false}"#)
        let doctor = home.run(["doctor"])
        XCTAssertTrue(doctor.stdout.contains("✓ quiet hours    00:00–23:59 (on now, until 23:59)"), doctor.stdout)
        XCTAssertTrue(doctor.stdout.contains("✓ sound          off (\"sound\": false in config.json)"), doctor.stdout)
    }

    func test_theDaemonStartsOnTheDefaultsAndABadReloadKeepsWhatItHad() throws {
        home.logsJSON()
        try home.writeConfig(#"{"sound": "loud"}"#)
        home.ok("daemon", "start")
        // The defaults run (sound on), and the log names the file and the setting to fix.
        let notUsed = ["surface": "settings", "event": "notUsed", "sound": "true", "level": "warning"]
        XCTAssertTrue(waitUntil(5) { self.logged(notUsed) == 1 }, log)
        let problem = home.daemonEvents(notUsed).first?["problem"] ?? ""
        XCTAssertTrue(problem.hasPrefix(home.configFile + ": 'sound'"), problem)
        let pid = try XCTUnwrap(home.daemonPID)
        try home.writeConfig(#"{"sound": false, "quietHours": {"from": "01:00", "to": "02:00"}}"#)
        kill(pid, SIGHUP)
        let reloaded = ["surface": "settings", "event": "reloaded", "sound": "false", "quietHours": "01:00–02:00"]
        XCTAssertTrue(waitUntil(5) { self.logged(reloaded) == 1 }, log)
        try home.writeConfig(#"{"nagLimit": -1}"#)
        kill(pid, SIGHUP)
        let notReloaded = ["surface": "settings", "event": "notReloaded", "level": "warning"]
        XCTAssertTrue(waitUntil(5) { self.logged(notReloaded) == 1 }, log)
        let refusal = home.daemonEvents(notReloaded).first?["problem"] ?? ""
        XCTAssertTrue(refusal.hasPrefix(home.configFile + ": 'nagLimit'") && refusal.hasSuffix("(it is -1)"), refusal)
        XCTAssertTrue(home.ok("daemon", "status").stdout.contains("quiet hours:    01:00–02:00"))
    }

    func test_theLogAsJSONLinesSaysWhichLinesAreWarnings() throws {
        home.environment["LAUNDRY_LOG_FORMAT"] = "json"
        try home.writeConfig(#"{"sound": "loud"}"#)
        home.ok("daemon", "start")
        XCTAssertTrue(waitUntil(5) { !self.home.daemonEvents(["level": "warning"]).isEmpty }, log)
        // One reading of the log, its last line only once it is whole.
        let text = log
        let lines = text.split(separator: "\n").dropLast(text.hasSuffix("\n") ? 0 : 1)
        let objects = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertEqual(objects.count, lines.count, "every line is a JSON object: \(text)")
        let warning = try XCTUnwrap(objects.first { $0["level"] as? String == "warning" })
        XCTAssertTrue((warning["message"] as? String ?? "").contains(home.configFile), "names the file: \(warning)")
        XCTAssertEqual(warning["pid"] as? Int, home.daemonPID.map(Int.init))
        XCTAssertTrue(objects.allSatisfy { $0["time"] is String && $0["level"] is String }, text)
    }

    /// A log format laundryd does not know, from its flag or the environment, is refused at once in one line
    /// that names both places, and no daemon is left running.
    func test_anUnknownLogFormatIsRefusedInOneLine() throws {
        let daemon = (LaundryHome.binary as NSString).deletingLastPathComponent + "/laundryd"
        for (arguments, extra) in [(["--log-format", "xml"], [:]), (["run"], ["LAUNDRY_LOG_FORMAT": "yaml"])] {
            let result = home.runProgram(daemon, arguments, environment: extra)
            XCTAssertEqual(result.status, 64, "\(arguments) \(extra)")
            XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("--log-format") && result.stderr.contains("LAUNDRY_LOG_FORMAT"))
        }
        XCTAssertNil(home.daemonPID)
        let probe = home.runProgram(daemon, ["probe", "--log-format", "json"])
        XCTAssertEqual(probe.status, 64, "the flag is the service's only")
    }
}
