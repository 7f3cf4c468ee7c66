import Foundation
import LaundryTestSupport
import XCTest

/// The heads-up, quiet hours ending, and warnings that keep out of a wash's way, with the real
/// daemon and dunst.
final class HeadsUpEndToEndTests: DaemonTestCase {

    func test_aSeventySecondLoadGetsItsHeadsUpAboutTenSecondsInButNotWhenPausedFirst() throws {
        try home.writeConfig(#"{"headsUpMinutes": 1, "sound": false}"#)
        home.ok("adopt", "Heads \(marker)")
        home.ok("adopt", "Paused \(marker)")
        home.ok("daemon", "start")
        let started = Date().timeIntervalSince1970
        home.ok("wash", "Heads \(marker)", "--for", "70s")
        home.ok("wash", "Paused \(marker)", "--for", "70s")
        Thread.sleep(forTimeInterval: 5)
        home.ok("pause", "Paused \(marker)")
        XCTAssertTrue(waitUntil(9) { !NotifyLog.calls(mentioning: marker).isEmpty }, log)
        Thread.sleep(forTimeInterval: 1.5)
        let calls = NotifyLog.calls(mentioning: marker)
        XCTAssertEqual(calls.map(\.summary), ["🫧 Heads \(marker): 1 min left"], "none for the paused load")
        let headsUp = try XCTUnwrap(calls.first)
        XCTAssertEqual(headsUp.time - started, 10, accuracy: 1.0)
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
        XCTAssertTrue(waitUntil(6) { NotifyLog.calls(mentioning: marker).count >= 2 }, log)
        Thread.sleep(forTimeInterval: 0.3)
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
        home.ok("adopt", "Towels \(marker)", "--kind", "towels", "--every", "7", "--last-washed", "6 days ago")
        home.ok("wash", "Towels \(marker)", "--for", "60s")
        home.ok("daemon", "start")
        XCTAssertTrue(waitUntil(5) { self.log.contains("notification server:") }, log)
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(NotifyLog.calls(mentioning: marker).count, 0, "the start-up tick held the warning back")
        // Idle again, the same start-up tick warns (EngineQuietTests follows a cycle to its end).
        home.ok("cancel", "Towels \(marker)")
        home.ok("daemon", "stop")
        home.ok("daemon", "start")
        XCTAssertTrue(waitUntil(5) { !NotifyLog.calls(mentioning: marker).isEmpty }, log)
        XCTAssertEqual(NotifyLog.calls(mentioning: marker).first?.summary, "⚠️ Needs Laundry Soon")
    }
}
