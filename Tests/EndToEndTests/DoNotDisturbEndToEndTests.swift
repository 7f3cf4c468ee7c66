import Foundation
import LaundryTestSupport
import XCTest

/// Do-not-disturb as dunst keeps it (`dunstctl set-paused`), read by the real daemon.
final class DoNotDisturbEndToEndTests: DaemonTestCase {
    private func dunstPaused(_ paused: Bool) {
        let result = Spawn.run(
            "/usr/bin/dunstctl", ["set-paused", paused ? "true" : "false"], environment: home.environment)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    override func tearDown() {
        dunstPaused(false)
        super.tearDown()
    }

    func test_aFinishWhileDunstIsPausedIsShownWithin5SecondsOfItsEnd() throws {
        try home.writeConfig(#"{"sound": false, "headsUpMinutes": 0}"#)
        let name = "Quiet \(marker)"
        home.ok("adopt", name)
        home.ok("daemon", "start")
        dunstPaused(true)
        home.ok("wash", name, "--for", "1s")
        XCTAssertTrue(waitUntil(6) { self.log.contains("do-not-disturb is on (dunst)") }, log)
        XCTAssertTrue(waitUntil(3) { self.home.pet(name)["stage"] as? String == "washed" })
        Thread.sleep(forTimeInterval: 2)  // a popup sent in do-not-disturb would be in the log by now
        XCTAssertEqual(NotifyLog.calls(mentioning: marker).count, 0, "nothing sent while dunst is paused")
        let status = home.run(["daemon", "status"]).stdout
        XCTAssertTrue(status.contains("on (dunst): popups and sound wait for its end"), status)
        let resumed = Date().timeIntervalSince1970
        dunstPaused(false)
        XCTAssertTrue(waitUntil(6) { !NotifyLog.calls(mentioning: marker).isEmpty }, log)
        let shown = try XCTUnwrap(NotifyLog.calls(mentioning: marker).first)
        print("do-not-disturb: its end → the held finish shown in \(Int((shown.time - resumed) * 1000)) ms")
        XCTAssertLessThan(shown.time - resumed, 5, "within 5 s of the end of do-not-disturb")
        XCTAssertTrue(shown.summary.contains("Wash Complete"), shown.summary)
        Thread.sleep(forTimeInterval: 2)
        XCTAssertEqual(NotifyLog.calls(mentioning: marker).count, 1, "once")
    }
}
