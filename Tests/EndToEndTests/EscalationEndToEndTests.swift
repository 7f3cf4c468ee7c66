import Foundation
import LaundryTestSupport
import XCTest

/// Two people's machines on one folder, each daemon on its own notification bus: the starter's
/// machine rings first and the other after `escalateAfterMinutes`; a nudge pops up only on the
/// nudged person's machine, at most once an hour a load.
final class EscalationEndToEndTests: XCTestCase {
    private var ana: LaundryHome!
    private var ben: LaundryHome!
    private var session: Spawn.Running?
    private let marker = String(UUID().uuidString.prefix(6))

    override func setUpWithError() throws {
        try XCTSkipUnless(NotifyLog.path != nil, "needs a notification server: run through `make test`")
        ana = LaundryHome()
        ben = LaundryHome()
        ben.environment["LAUNDRY_HOME"] = ana.data
        for (home, person) in [(ana!, "Ana"), (ben!, "Ben")] {
            try home.allowDaemon()
            home.logsJSON()
            // 0.05 minutes: three seconds.
            try home.writeConfig(
                #"{"person": "\#(person)", "escalateAfterMinutes": 0.05, "headsUpMinutes": 0, "#
                    + #""alarmRepeatSeconds": 1, "alarmMinutes": 1}"#)
            try FileManager.default.createDirectory(
                atPath: home.path + "/state/laundry", withIntermediateDirectories: true)
        }
        ana.ok("daemon", "start")
        // Ben's machine: its own bus, its own notification server and record of calls.
        ben.environment["LAUNDRY_NO_AUTOSTART"] = "1"
        var environment = ben.environment
        for inherited in ["LAUNDRY_IN_PRIVATE_BUS", "DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "PULSE_SERVER"] {
            environment[inherited] = nil
        }
        environment["LAUNDRY_SESSION_NOTIFY_LOG"] = ben.path + "/notify.log"
        session = Spawn.start(
            SourceTree.root + "/scripts/notification-session.sh",
            [
                "/bin/sh", "-c", #"exec "$0" daemon run 2>>"$1""#, LaundryHome.binary,
                ben.path + "/state/laundry/daemon.log",
            ],
            environment: environment)
        XCTAssertTrue(
            waitUntil(20) { !self.ben.daemonEvents(["surface": "notificationServer", "event": "found"]).isEmpty },
            ben.daemonLog)
    }

    override func tearDown() {
        ana?.run(["daemon", "stop"])
        ben?.run(["daemon", "stop"])
        _ = session?.wait()
        NotifyLog.clearScreen()
    }

    private func firstCall(_ log: String?, _ summary: String, within seconds: Double) -> Double? {
        var found: Double?
        _ = waitUntil(seconds, every: 0.1) {
            found = NotifyLog.calls(mentioning: self.marker, in: log).first { $0.summary.contains(summary) }?.time
            return found != nil
        }
        return found
    }

    func test_theStartersMachineRingsFirstAndTheOtherAfterTheDelay() throws {
        let name = "Socks \(marker)"
        ana.ok("adopt", name)
        ana.ok("wash", name, "--for", "2s")
        let anas = try XCTUnwrap(firstCall(NotifyLog.path, "Wash Complete", within: 10), ana.daemonLog)
        let bens = try XCTUnwrap(firstCall(ben.path + "/notify.log", "Wash Complete", within: 15), ben.daemonLog)
        print("escalation: Ana's popup at +0, Ben's at +\(String(format: "%.2f", bens - anas)) s")
        XCTAssertGreaterThan(bens - anas, 2.5, "Ben's machine waits the 3 s Ana has to act")
        XCTAssertLessThan(bens - anas, 8, "then rings")
        // Meanwhile Ben's status shows the load waiting, silently.
        XCTAssertEqual(ben.pet(name)["stage"] as? String, "washed")
    }

    func test_aLoadDealtWithInTimeNeverRingsOnTheOtherMachine() throws {
        let name = "Towels \(marker)"
        ana.ok("adopt", name)
        ana.ok("wash", name, "--for", "1s")
        XCTAssertNotNil(firstCall(NotifyLog.path, "Wash Complete", within: 10), ana.daemonLog)
        ana.ok("fold", name)
        // A later load of Ana's rings on Ben's machine after its own hold, which ends after the first's: once its
        // popup is there, the first one's hold is behind Ben's daemon too.
        let later = "Later \(marker)"
        ana.ok("adopt", later)
        ana.ok("wash", later, "--for", "1s")
        let benLog = ben.path + "/notify.log"
        XCTAssertTrue(waitUntil(15) { !NotifyLog.calls(mentioning: later, in: benLog).isEmpty }, ben.daemonLog)
        XCTAssertTrue(NotifyLog.calls(mentioning: name, in: benLog).isEmpty, "Ana folded it in time")
        XCTAssertTrue(ben.daemonEvents(["surface": "popup", "pet": name]).isEmpty, ben.daemonLog)
    }

    func test_aNudgePopsUpOnlyOnThePersonsMachineAtMostOnceAnHour() throws {
        let name = "Sheets \(marker)"
        ana.ok("adopt", name)
        ana.ok("wash", name, "--for", "1s")
        XCTAssertTrue(waitUntil(5) { self.ana.pet(name)["stage"] as? String == "washed" })
        let sent = ana.ok("nudge", "ben", name).stdout
        XCTAssertTrue(sent.contains(name) && sent.contains("Ben"), "names whom and what: \(sent)")
        // The nudge's popup is a reminder (no reminder of its own is due for 15 minutes).
        let isNudge = { (call: NotifyCall) in call.category == "x-laundry.reminder" }
        let benLog = ben.path + "/notify.log"
        XCTAssertTrue(
            waitUntil(5) { NotifyLog.calls(mentioning: self.marker, in: benLog).contains(where: isNudge) },
            ben.daemonLog)
        // Logged once the server took it: the popup can be seen a moment before.
        XCTAssertTrue(
            waitUntil(5) { self.ben.daemonEvents(["surface": "popup", "event": "nudge", "pet": name]).count == 1 },
            ben.daemonLog)
        XCTAssertFalse(
            NotifyLog.calls(mentioning: marker, in: NotifyLog.path).contains(where: isNudge), "not on Ana's own machine"
        )
        XCTAssertTrue(ana.daemonEvents(["event": "nudge"]).isEmpty, ana.daemonLog)
        // Ben's finish was still held (3 s): the nudge came first, and it silenced nothing.
        let nudged = NotifyLog.calls(mentioning: marker, in: benLog).first(where: isNudge)?.time
        let finished = firstCall(benLog, "Wash Complete", within: 10)
        XCTAssertLessThan(try XCTUnwrap(nudged), try XCTUnwrap(finished), "the nudge did not wait for the hold")
        XCTAssertTrue(
            ana.daemonEvents(["surface": "alarm", "stoppedBy": "petChanged"]).isEmpty,
            "a nudge acknowledges nothing: \(ana.daemonLog)")
        let again = ana.run(["nudge", "Ben", name])
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(shownTimes(again.stderr).count, 1, "the time the next is allowed: \(again.stderr)")
        XCTAssertEqual(again.stderr.split(separator: "\n").count, 1, again.stderr)
        let nobody = ana.run(["nudge", "Zoe", name])
        XCTAssertEqual(nobody.status, 1)
        XCTAssertTrue(nobody.stderr.contains("Ana, Ben"), "the people it knows: \(nobody.stderr)")
    }
}
