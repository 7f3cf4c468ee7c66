import Foundation
import LaundryTestSupport
import XCTest

/// The heads-up, quiet hours ending, and warnings that keep out of a wash's way, with the real
/// daemon and dunst.
final class HeadsUpEndToEndTests: DaemonTestCase {

    func test_aSixtyFiveSecondLoadGetsItsHeadsUpAboutFiveSecondsInButNotWhenPausedFirst() throws {
        try home.writeConfig(#"{"headsUpMinutes": 1, "sound": false}"#)
        home.logsJSON()
        home.ok("adopt", "Heads \(marker)")
        home.ok("adopt", "Paused \(marker)")
        home.ok("daemon", "start")
        let started = Date().timeIntervalSince1970
        home.ok("wash", "Heads \(marker)", "--for", "65s")
        home.ok("wash", "Paused \(marker)", "--for", "65s")
        home.ok("pause", "Paused \(marker)")
        // Both heads-ups fell due at the same moment: the log lines of one batch are written
        // together, so the paused load's would be beside the other's.
        let headsUps = { (pet: String) in self.home.daemonEvents(["surface": "popup", "event": "headsUp", "pet": pet]) }
        XCTAssertTrue(waitUntil(10) { headsUps("Heads \(self.marker)").count == 1 }, log)
        XCTAssertEqual(headsUps("Paused \(marker)").count, 0, "none for the paused load: \(log)")
        XCTAssertTrue(waitUntil(3) { !NotifyLog.calls(mentioning: self.marker).isEmpty })
        let calls = NotifyLog.calls(mentioning: marker)
        XCTAssertEqual(calls.map(\.summary), ["🫧 Heads \(marker): 1 min left"])
        let headsUp = try XCTUnwrap(calls.first)
        XCTAssertEqual(headsUp.time - started, 5, accuracy: 1.0)
        XCTAssertEqual(headsUp.urgency, 1, "normal")
        XCTAssertEqual(headsUp.category, "x-laundry.heads-up")
    }

    func test_remindersHeldInQuietHoursArriveOnceWhenTheyEnd() throws {
        // Three seconds before the window ends, on the shifted clock; reminders every 0.6 s.
        home.environment["LAUNDRY_FAKE_NOW"] = "2026-11-22T06:59:57Z"
        try home.writeConfig(
            #"{"nagIntervalMinutes": 0.01, "nagLimit": 3, "quietHours": {"from": "22:00", "to": "07:00"}}"#)
        let name = "Night \(marker)"
        home.ok("adopt", name)
        home.ok("daemon", "start")
        let started = Date().timeIntervalSince1970
        home.ok("wash", name, "--for", "1s")
        // The third reminder, 0.6 s after the window's end, shows the time passed.
        XCTAssertTrue(waitUntil(8) { NotifyLog.calls(mentioning: marker).count >= 3 }, log)
        let calls = NotifyLog.calls(mentioning: marker)
        XCTAssertEqual(calls.first?.summary, "🫧 Wash Complete!")
        XCTAssertEqual(calls.first?.urgency, 1, "quiet hours: normal urgency")
        XCTAssertEqual(calls[1].summary, "🧺 \(name) is still wet")
        XCTAssertGreaterThan(calls[1].time - started, 2.7, "not before 07:00 on the shifted clock")
        XCTAssertEqual(
            calls.filter { $0.time < calls[1].time + 0.4 }.count, 2,
            "the reminders due at 06:59:58.6 and 06:59:59.2 went out as one")
    }

    func test_noHealthWarningWhileTheWashRuns() throws {
        // The daemon (started by `wash`) logs each tick's time: its start-up tick's line says the
        // tick is behind it.
        home.environment["LAUNDRY_LOG_TIMINGS"] = "1"
        home.logsJSON()
        home.ok("adopt", "Towels \(marker)", "--kind", "towels", "--every", "7", "--last-washed", "6 days ago")
        home.ok("wash", "Towels \(marker)", "--for", "60s")
        home.ok("daemon", "start")
        XCTAssertTrue(waitUntil(5) { self.logged(["surface": "daemon", "event": "tick", "pets": "1"]) > 0 }, log)
        XCTAssertEqual(logged(["surface": "popup"]), 0, "the start-up tick held the warning back: \(log)")
        // Idle again, the same start-up tick warns (EngineQuietTests follows a cycle to its end).
        home.ok("cancel", "Towels \(marker)")
        home.ok("daemon", "stop")
        home.ok("daemon", "start")
        XCTAssertTrue(waitUntil(5) { !NotifyLog.calls(mentioning: marker).isEmpty }, log)
        XCTAssertTrue(
            waitUntil(5) { self.logged(["surface": "popup", "event": "warning", "shown": "true"]) == 1 }, log)
    }
}
