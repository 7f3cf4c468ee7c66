import Foundation
import LaundryTestSupport
import XCTest

/// The notification server comes and goes, as it does when a user reloads mako, swaync or dunst:
/// the real daemon on a private bus of the test's own, whose server the test restarts.
final class NotificationServerEndToEndTests: DaemonTestCase {
    private var bus: PrivateBus!

    override func setUpWithError() throws {
        try super.setUpWithError()
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/dunst"), "needs dunst: `make test`")
        bus = try PrivateBus(in: home.path + "/bus")
        home.environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        home.logsJSON()
    }

    override func tearDown() {
        super.tearDown()
        bus = nil
    }

    /// A new dunst numbers its popups from 1 again: laundry must not close another application's
    /// popup that got the number of one it showed on the last server, and the load still waiting
    /// must be on screen again.
    func test_aRestartedServerGetsTheWaitingLoadAgainAndAnotherApplicationsPopupIsLeftAlone() throws {
        let monitor = bus.startMonitor()
        try bus.startDunst()
        let name = "Socks \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "1s")
        XCTAssertTrue(waitUntil(5) { NotifyLog.calls(mentioning: marker, in: monitor).count == 1 }, log)

        try bus.startDunst()
        let meeting = try XCTUnwrap(bus.postOtherPopup("Meeting in 5 min"))
        XCTAssertTrue(
            waitUntil(5) { NotifyLog.calls(mentioning: marker, in: monitor).count == 2 },
            "the wash still waiting is posted on the new server: \(log)")
        let again = ["pet": name, "event": "washDone", "again": "newServer", "shown": "true"]
        XCTAssertTrue(waitUntil(5) { self.logged(again) == 1 }, log)
        XCTAssertEqual(logged(["surface": "notificationServer", "event": "tookOver", "server": "dunst"]), 1, log)
        home.ok("dry", name)
        XCTAssertTrue(waitUntil(5) { !NotifyLog.closedIDs(in: monitor).isEmpty }, "laundry closes its popup: \(log)")
        // A later popup of the daemon's own: the monitor sees the bus in order, so any close the
        // daemon sent on the dryer's start is in its log before it.
        home.ok("adopt", "Later \(marker)")
        home.ok("wash", "Later \(marker)", "--for", "1s")
        XCTAssertTrue(waitUntil(5) { NotifyLog.calls(mentioning: "Later \(self.marker)", in: monitor).count == 1 }, log)
        XCTAssertFalse(
            NotifyLog.closedIDs(in: monitor).contains(meeting),
            "closed the calendar's popup \(meeting): \(NotifyLog.closedIDs(in: monitor))")
        // The later wash's own card may still be on screen for a moment: its withdrawal waits behind
        // the popup of its finish.
        let displayed = {
            self.bus.run("/usr/bin/dunstctl", ["count", "displayed"]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines)
        }
        XCTAssertTrue(
            waitUntil(5) { displayed() == "3" },
            "the calendar's popup is still on screen, beside the later wash's and the dryer's live card: \(displayed())"
        )
    }

    /// mako and swaync broadcast `NotificationClosed`: another application's popup dismissed on the
    /// new server, with the number laundry's had on the old one, is not laundry's.
    func test_aBroadcastDismissalOfAnotherApplicationsPopupDoesNotSilenceTheAlarm() throws {
        // No live card: the popup's number on the first server is the one that matters here.
        try home.writeConfig(#"{"alarmRepeatSeconds": 1, "alarmMinutes": 2, "liveCard": false}"#)
        try bus.startRecordingServer(broadcast: true)
        let name = "Sheets \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "1s")
        let posted = { self.bus.recordedCalls().filter { ($0["body"] as? String)?.contains(self.marker) == true } }
        XCTAssertTrue(waitUntil(5) { posted().count == 1 }, log)
        XCTAssertEqual(posted().first?["id"] as? Int, 1)

        try bus.startRecordingServer(broadcast: true)
        let meeting = try XCTUnwrap(bus.postOtherPopup("Meeting in 5 min"))
        bus.tellServer("Dismiss", String(meeting))
        XCTAssertTrue(waitUntil(5) { posted().count == 2 }, "posted again on the new server: \(log)")
        // The alarm rings on each second: a ring after the dismissal was seen shows it held.
        let rings = { self.logged(["surface": "alarm", "rings": "again", "pets": name]) }
        let stopped = ["surface": "alarm", "pet": name, "stoppedBy": "dismissed"]
        let ringsBefore = rings()
        XCTAssertTrue(waitUntil(3) { rings() > ringsBefore }, log)
        XCTAssertEqual(logged(["surface": "alarm", "pet": name]), 0, "the alarm rings on: \(log)")

        // Nor does a signal from anyone but the server: the bus delivers none from an impostor.
        let ours = try XCTUnwrap(posted().last?["id"] as? Int)
        bus.run(
            "/usr/bin/gdbus",
            [
                "emit", "--session", "--object-path", "/org/freedesktop/Notifications", "--signal",
                "org.freedesktop.Notifications.NotificationClosed", String(ours), "2",
            ])
        let ringsAfterImpostor = rings()
        XCTAssertTrue(waitUntil(3) { rings() > ringsAfterImpostor }, log)
        XCTAssertEqual(logged(["surface": "alarm", "pet": name]), 0, "the alarm rings on: \(log)")

        // The server's own dismissal of laundry's popup does count: the test could see it.
        bus.tellServer("Dismiss", String(ours))
        XCTAssertTrue(waitUntil(5) { self.logged(stopped) == 1 }, log)
    }

    /// A dismissal is an event of the daemon's loop like a file change: `daemon.json` (and with it
    /// the inhibitor and Home Assistant) follows at once, not at the next tick or ring 30 s later.
    func test_aDismissalReachesTheStatusFileAtOnce() throws {
        try bus.startRecordingServer(broadcast: false)
        let name = "Sheets \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "1s")
        let posted = { self.bus.recordedCalls().filter { ($0["body"] as? String)?.contains(self.marker) == true } }
        XCTAssertTrue(waitUntil(5) { posted().count == 1 }, log)
        XCTAssertTrue(waitUntil(5) { self.awakeReason()?.contains("\(name) is done and waiting") == true }, log)
        bus.tellServer("Dismiss", String(try XCTUnwrap(posted().first?["id"] as? Int)))
        XCTAssertTrue(
            waitUntil(5) { self.logged(["surface": "alarm", "pet": name, "stoppedBy": "dismissed"]) == 1 }, log)
        XCTAssertTrue(
            waitUntil(1) { self.awakeReason() == nil },
            "daemon.json still says \(awakeReason() ?? "nothing") after the dismissal: \(log)")
    }

    /// Why daemon.json says the session should stay awake, if it says so.
    private func awakeReason() -> String? {
        guard let data = FileManager.default.contents(atPath: home.path + "/runtime/laundry/daemon.json"),
            let status = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let awake = status["awake"] as? [String: Any]
        else { return nil }
        return awake["reason"] as? String
    }

    /// With the server gone, a finish goes to the log and rings a `laundry watch`; when a server
    /// comes back, every load still waiting is on screen.
    func test_aServerThatGoesAwayAndComesBackGetsEveryLoadStillWaiting() throws {
        let monitor = bus.startMonitor()
        try bus.startDunst()
        let first = "First \(marker)"
        let second = "Second \(marker)"
        home.ok("adopt", first)
        home.ok("adopt", second)
        home.ok("wash", first, "--for", "1s")
        XCTAssertTrue(waitUntil(5) { NotifyLog.calls(mentioning: first, in: monitor).count == 1 }, log)

        bus.stopServer()
        XCTAssertTrue(waitUntil(5) { self.logged(["surface": "notificationServer", "event": "left"]) == 1 }, log)
        let bell = home.path + "/runtime/laundry/bell"
        let rungBefore = (try? FileManager.default.attributesOfItem(atPath: bell)[.size] as? Int) ?? 0
        home.ok("wash", second, "--for", "1s")
        let notShown = ["pet": second, "event": "washDone", "shown": "false"]
        XCTAssertTrue(waitUntil(5) { self.logged(notShown) == 1 }, log)
        XCTAssertEqual(home.daemonEvents(notShown).first?["level"], "warning", log)
        let rung = (try? FileManager.default.attributesOfItem(atPath: bell)[.size] as? Int) ?? 0
        XCTAssertEqual(rung, rungBefore + 1, "a running `laundry watch` rings instead")
        // Said as a server missing, not one refusing: a refusal names the D-Bus error the server sent.
        let reason = home.daemonEvents(notShown).first?["reason"] ?? ""
        XCTAssertFalse(reason.isEmpty || reason.contains("org.freedesktop."), log)

        try bus.startDunst()
        XCTAssertTrue(
            waitUntil(5) {
                NotifyLog.calls(mentioning: first, in: monitor).count == 2
                    && NotifyLog.calls(mentioning: second, in: monitor).count == 1
            }, "both loads still waiting are posted on the new server: \(log)")
    }

    /// A bus that cannot start the server it names (here it dies at once): said as such, not as a
    /// refusal, and the popup follows once a server runs.
    func test_aServerTheBusCannotStartIsSaidSoAndThePopupFollowsWhenOneRuns() throws {
        bus = try PrivateBus(in: home.path + "/failing-bus", activatable: "kill -SEGV $$")
        home.environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let monitor = bus.startMonitor()
        let name = "Towels \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "1s")
        let notShown = ["pet": name, "event": "washDone", "shown": "false"]
        XCTAssertTrue(waitUntil(8) { self.logged(notShown) == 1 }, log)
        // The bus's own error is named, so the user knows the server failed to start (not that none is set up).
        XCTAssertTrue(home.daemonEvents(notShown).first?["reason"]?.contains("Spawn.ChildSignaled") == true, log)
        try bus.startDunst()
        XCTAssertTrue(waitUntil(5) { NotifyLog.calls(mentioning: marker, in: monitor).count == 1 }, log)
    }

    /// `laundry notify-test` with no server running yet, on a bus that starts dunst when the server's name
    /// is called (as a desktop's service file does): the test popup is on dunst's screen.
    func test_notifyTestReachesAServerTheBusStartsOnDemand() throws {
        bus = try PrivateBus(in: home.path + "/activating-bus", activatable: "exec /usr/bin/dunst")
        home.environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        XCTAssertNil(bus.owner(of: "org.freedesktop.Notifications"), "nobody serves yet")
        let result = home.run(["notify-test"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let displayed = bus.run("/usr/bin/dunstctl", ["count", "displayed"]).stdout
        XCTAssertEqual(displayed.trimmingCharacters(in: .whitespacesAndNewlines), "1", "the popup dunst shows")
    }

    /// A server that did not answer in time may have shown the popup: it is not sent again (it
    /// could show twice), the log says so, and its alarm rings on.
    func test_aPopupTheServerDidNotAnswerIsNotSentAgainAndItsAlarmRingsOn() throws {
        try home.writeConfig(#"{"alarmRepeatSeconds": 1, "alarmMinutes": 2}"#)
        let unanswered = "Sheets \(marker)"
        let answered = "Towels \(marker)"
        try bus.startRecordingServer(broadcast: false, noReplyTo: unanswered)
        home.ok("adopt", unanswered)
        home.ok("adopt", answered)
        let posted = { (name: String) in
            self.bus.recordedCalls().filter { ($0["body"] as? String)?.contains(name) == true }.count
        }
        home.ok("wash", unanswered, "--for", "1s")
        XCTAssertTrue(waitUntil(5) { self.logged(["surface": "popup", "shown": "unknown"]) == 1 }, log)
        let ringsOn = ["surface": "alarm", "rings": "again", "pets": unanswered]
        XCTAssertTrue(waitUntil(5) { self.logged(ringsOn) > 0 }, log)
        // A later load's popup goes out and is answered: by then a second try would have gone too.
        home.ok("wash", answered, "--for", "1s")
        XCTAssertTrue(waitUntil(5) { posted(answered) == 1 }, log)
        XCTAssertEqual(posted(unanswered), 1, "sent once: \(bus.recordedCalls())")
        XCTAssertEqual(logged(["shown": "false"]), 0, "not taken for a popup that was never shown: \(log)")
    }
}
