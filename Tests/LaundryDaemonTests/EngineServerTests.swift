import Foundation
import LaundryCore
import LaundryDaemon
import XCTest

/// The notification server comes and goes: a restarted server holds none of the popups, and one
/// that could not show a notification leaves it to the log and the terminal until another appears.
final class EngineServerTests: EngineTestCase {
    func test_aServerThatTakesOverGetsEveryPopupThatStillHoldsAndNothingRingsTwice() throws {
        try adopt("Socks")
        try adopt("Towels")
        try perform(.wash(.minutes(1)), "Socks")
        try perform(.wash(.minutes(1)), "Towels")
        var config = DaemonConfig.withoutAlarms()
        config.sound = true
        let engine = try makeEngine(config: config)
        engine.start()
        advance(60, engine)
        XCTAssertEqual(notifier.shown.count, 2)
        XCTAssertEqual(sound.rings.count, 1, "the two finishes ring as one")
        try perform(.fold, "Towels")
        engine.filesChanged([try state("Towels").pet.id])

        notifier.serverLeaves()
        XCTAssertEqual(recordedLog.events.last?["event"], "left", "\(logLines)")
        XCTAssertEqual(recordedLog.events.last?["surface"], "notificationServer", "\(logLines)")
        notifier.serverArrives()
        XCTAssertEqual(
            notifier.told.suffix(1), [.finished(.wash)],
            "the wash still waiting is posted again; Towels, folded, is not")
        XCTAssertEqual(notifier.shown.count, 3)
        XCTAssertEqual(notifier.shown.last?.actions.map(\.key), ["dry", "air-dry", "snooze", "default"])
        XCTAssertEqual(sound.rings.count, 1, "posting again rings nothing")
        XCTAssertEqual(
            recordedLog.events(["pet": "Socks", "event": "washDone", "again": "newServer", "shown": "true"]).count, 1,
            "\(logLines)")
    }

    func test_aPopupThatWasNotShownIsLoggedRingsTheTerminalAndFollowsWhenAServerAppears() throws {
        let socks = try adopt("Socks")
        try perform(.wash(.minutes(1)), "Socks")
        let engine = try makeEngine()
        engine.start()
        advance(60, engine)
        XCTAssertEqual(notifier.shown.count, 1)
        XCTAssertEqual(bells, 0)
        let reason = "the session bus could not start a notification server (Spawn.ChildSignaled: dunst died)"
        notifier.notShown(socks, because: reason)
        let notShown = try XCTUnwrap(recordedLog.events.last)
        XCTAssertEqual(notShown["pet"], "Socks", "\(logLines)")
        XCTAssertEqual(notShown["shown"], "false", "\(logLines)")
        XCTAssertEqual(notShown["reason"], reason, "\(logLines)")
        XCTAssertEqual(notShown["level"], "warning", "\(logLines)")
        XCTAssertEqual(bells, 1, "a running `laundry watch` rings instead")
        notifier.serverArrives()
        XCTAssertEqual(notifier.shown.map(\.petID), [socks, socks])
        XCTAssertEqual(notifier.told, [.finished(.wash), .finished(.wash)])
    }

    func test_aPopupThatNoLongerHoldsIsNotPostedOnTheNextServer() throws {
        try adopt("Socks")
        try perform(.wash(.minutes(1)), "Socks")
        let engine = try makeEngine()
        engine.start()
        advance(60, engine)
        notifier.serverLeaves()
        try perform(.dry(nil), "Socks")
        engine.filesChanged([try state("Socks").pet.id])
        notifier.serverArrives()
        XCTAssertEqual(notifier.shown.count, 1, "the wash is in the dryer now: nothing to post again")
    }

    /// The log has the name as it is, not as the popup's markup escapes it.
    func test_theLogSaysWhatThePopupSaysInPlainText() throws {
        try adopt("<i>Tom</i> & co")
        try perform(.wash(.minutes(1)), "<i>Tom</i> & co")
        let engine = try makeEngine()
        engine.start()
        advance(60, engine)
        let shown = try XCTUnwrap(notifier.shown.first)
        XCTAssertEqual(
            shown, try worded(shown, markup: true, buttons: true), "the words for a server that reads markup")
        XCTAssertFalse(shown.body.contains("<i>"))
        // The log's line has the popup's own summary, and the name as written: not escaped, not marked up.
        let logged = try XCTUnwrap(recordedLog.events(["pet": "<i>Tom</i> & co", "shown": "true"]).first?["message"])
        XCTAssertTrue(logged.contains(shown.summary) && logged.contains("<i>Tom</i> & co"), logged)
        XCTAssertFalse(logged.contains("&amp;") || logged.contains("&lt;"), logged)
    }
}
