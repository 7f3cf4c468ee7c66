import Foundation
import LaundryCore
import LaundryDaemon
import LaundryRendering
import XCTest

final class EngineTimerTests: EngineTestCase {
    func test_threeTimersAreAnnouncedInDeadlineOrder() throws {
        let ids = try ["One", "Two", "Three"].map { try adopt($0) }
        try perform(.wash(.minutes(3)), "Three")
        try perform(.wash(.minutes(1)), "One")
        try perform(.wash(.minutes(2)), "Two")
        let engine = try makeEngine()
        engine.start()
        XCTAssertEqual(notifier.shown, [])
        XCTAssertEqual(engine.nextDeadline, start + 60)
        for _ in 0..<3 { advance(60, engine) }
        XCTAssertEqual(notifier.shown.map(\.petID), ids)
        XCTAssertEqual(notifier.reasons, Array(repeating: .finished(.wash, .onTime), count: 3))
        let first = try XCTUnwrap(notifier.shown.first)
        XCTAssertEqual(first.actions.map(\.key), ["dry", "air-dry", "snooze", "default"])
        XCTAssertEqual(first.urgency, .critical)
        XCTAssertEqual(try state("One").pet.cycle.stage, .washed)
        XCTAssertTrue(try announcedCurrentLoad("One"))
    }

    func test_aClockSetBackDoesNotFireEarlyAndSetForwardFiresAtOnce() throws {
        try adopt("Socks")
        try perform(.wash(.minutes(10)), "Socks")
        let engine = try makeEngine()
        engine.start()
        clock.set(start - 3600)
        engine.clockChanged()
        XCTAssertEqual(notifier.shown, [])
        XCTAssertEqual(engine.nextDeadline, start + 600, "an absolute deadline does not move with the clock")
        clock.set(start + 3600)
        engine.clockChanged()
        XCTAssertEqual(notifier.reasons, [.finished(.wash, .late(3000))])
    }

    func test_aSuspendAcrossTheDeadlineAnnouncesOnceAtResumeSayingHowLate() throws {
        try adopt("Socks")
        try perform(.wash(.minutes(45)), "Socks")
        let engine = try makeEngine()
        engine.start()
        advance(3 * 3600, engine)  // asleep three hours; the timerfd fires at resume
        XCTAssertEqual(notifier.reasons, [.finished(.wash, .late(2 * 3600 + 15 * 60))])
        advance(1, engine)
        XCTAssertEqual(notifier.shown.count, 1)
    }

    func test_aTimerThatEndedWhileTheDaemonWasDownIsAnnouncedOnceAcrossRestarts() throws {
        try adopt("Socks")
        try perform(.wash(.minutes(10)), "Socks")
        clock.advance(by: 2 * 3600)
        try makeEngine().start()
        XCTAssertEqual(notifier.reasons, [.finished(.wash, .late(3600 + 50 * 60))])
        for _ in 0..<3 { try makeEngine().start() }
        XCTAssertEqual(notifier.shown.count, 1, "never again, however often it restarts")
    }

    func test_aFinishACommandSawFirstIsStillAnnouncedOnce() throws {
        try adopt("Socks")
        try perform(.wash(.minutes(10)), "Socks")
        clock.advance(by: 700)
        XCTAssertEqual(try state("Socks").pet.cycle.stage, .washed, "the command wrote the finish down")
        try makeEngine().start()
        try makeEngine().start()
        XCTAssertEqual(notifier.reasons, [.finished(.wash, .late(100))])
    }

    func test_aCancelledOrPausedTimerIsNotAnnounced() throws {
        try adopt("Socks")
        try adopt("Towels")
        try perform(.wash(.minutes(10)), "Socks")
        try perform(.wash(.minutes(10)), "Towels")
        let engine = try makeEngine()
        engine.start()
        try perform(.cancel, "Socks")
        try perform(.pause, "Towels")
        engine.filesChanged(nil)
        advance(3600, engine)
        XCTAssertEqual(notifier.shown, [])
        XCTAssertNil(engine.nextDeadline)
    }

    func test_atADeadlineThePetsTheWatchReportedAreReadAgain() throws {
        let socks = try adopt("Socks")
        let towels = try adopt("Towels")
        try perform(.wash(.minutes(10)), "Socks")
        try perform(.wash(.minutes(10)), "Towels")
        let engine = try makeEngine()
        engine.start()
        try perform(.cancel, "Socks")
        clock.advance(by: 601)
        engine.filesChanged([socks])
        XCTAssertEqual(notifier.shown.map(\.petID), [towels])
        XCTAssertEqual(notifier.reasons, [.finished(.wash, .onTime)])
        XCTAssertTrue(try announcedCurrentLoad("Towels"))
    }

    func test_aPetWhoseFileBecameUnreadableIsNotRemindedFromMemory() throws {
        let socks = try adopt("Socks")
        try perform(.wash(.minutes(10)), "Socks")
        let engine = try makeEngine(config: DaemonConfig.withoutAlarms(nagIntervalMinutes: 1, nagLimit: 4))
        engine.start()
        clock.advance(by: 601)
        engine.filesChanged([])
        XCTAssertEqual(notifier.reasons, [.finished(.wash, .onTime)])
        storage.damage(recordItem(socks))
        engine.filesChanged([socks])
        for _ in 0..<10 {
            clock.advance(by: 60)
            engine.filesChanged([])
        }
        XCTAssertEqual(
            notifier.reasons, [.finished(.wash, .onTime)],
            "no reminder made up from what was read before the file broke")
    }

    func test_lostWatchEventsMeanEveryPetIsReadAgain() throws {
        try adopt("Socks")
        try adopt("Towels")
        try perform(.wash(.minutes(10)), "Socks")
        try perform(.wash(.minutes(10)), "Towels")
        let engine = try makeEngine()
        engine.start()
        try perform(.cancel, "Socks")
        try perform(.pause, "Towels")
        clock.advance(by: 601)
        engine.filesChanged(nil)
        XCTAssertEqual(notifier.shown, [])
    }

    func test_aCorruptPetDoesNotStopTheOthers() throws {
        let bad = try adopt("Broken")
        let fine = try adopt("Fine")
        try perform(.wash(.minutes(1)), "Broken")
        try perform(.wash(.minutes(1)), "Fine")
        storage.damage(recordItem(bad))
        let engine = try makeEngine()
        engine.start()
        advance(60, engine)
        XCTAssertEqual(notifier.shown.map(\.petID), [fine])
        XCTAssertTrue(logLines.contains { $0.contains(bad.lowercasedText) }, "the broken one is logged: \(logLines)")
    }

    func test_withoutAServerItLogsRingsAndTriesAgainAtTheNextEvent() throws {
        let socks = try adopt("Socks")
        let towels = try adopt("Towels")
        try perform(.wash(.minutes(1)), "Socks")
        try perform(.wash(.minutes(2)), "Towels")
        notifier.available = false
        let engine = try makeEngine()
        engine.start()
        advance(60, engine)
        XCTAssertEqual(notifier.refused.map(\.petID), [socks])
        XCTAssertEqual(bells, 1)
        XCTAssertEqual(recordedLog.events(["pet": "Socks", "event": "washDone", "shown": "false"]).count, 1)
        notifier.available = true
        advance(60, engine)
        XCTAssertEqual(notifier.shown.map(\.petID), [towels])
    }

    func test_aServerWithoutButtonsGetsTheCommandToType() throws {
        try adopt("Sock Drawer")
        try perform(.wash(.minutes(1)), "Sock Drawer")
        notifier.capabilities = ["body"]
        let engine = try makeEngine()
        engine.start()
        advance(60, engine)
        let shown = try XCTUnwrap(notifier.shown.first)
        XCTAssertEqual(shown.actions, [])
        XCTAssertEqual(
            shown, try worded(shown, markup: false, buttons: false), "the words for a server without buttons")
    }

    func test_namesAreEscapedForBodyMarkup() throws {
        try adopt("<b>&Co")
        try perform(.wash(.minutes(1)), "<b>&Co")
        let engine = try makeEngine()
        engine.start()
        advance(60, engine)
        let shown = try XCTUnwrap(notifier.shown.first)
        XCTAssertEqual(
            shown, try worded(shown, markup: true, buttons: true), "the words for a server that reads markup")
        XCTAssertFalse(shown.body.contains("<b>"))
    }

    func test_placeholdersInAPetNameAreNotFilledIn() throws {
        try adopt("{ago} {health}")
        try perform(.wash(.minutes(1)), "{ago} {health}")
        let engine = try makeEngine()
        engine.start()
        advance(600, engine)
        let shown = try XCTUnwrap(notifier.shown.first)
        XCTAssertEqual(shown.reason, .finished(.wash, .late(540)))
        XCTAssertTrue(shown.body.hasPrefix("{ago} {health} "), "the name as it is: \(shown.body)")
    }

    func test_buttonsDoWhatTheirCommandsDo() throws {
        let id = try adopt("Socks")
        try perform(.wash(.minutes(1)), "Socks")
        let engine = try makeEngine()
        engine.start()
        advance(60, engine)
        notifier.press("dry", on: id)
        XCTAssertEqual(try state("Socks").pet.cycle.stage, .drying)
        XCTAssertEqual(try state("Socks").liveLoad?.kind, .dry)
        XCTAssertEqual(engine.nextDeadline, clock.now() + 3600, "the new dry timer is armed")
        advance(3600, engine)
        XCTAssertEqual(notifier.reasons.last, .finished(.dry, .onTime))
        XCTAssertEqual(notifier.shown.last?.actions.map(\.key), ["fold", "more-dry", "default"])
        notifier.press("more-dry", on: id)
        XCTAssertEqual(try state("Socks").liveLoad?.kind, .extraDry)
        advance(600, engine)
        XCTAssertEqual(notifier.reasons.last, .finished(.extraDry, .onTime))
        notifier.press("fold", on: id)
        XCTAssertEqual(try state("Socks").pet.cycle.stage, .idle)
        XCTAssertEqual(try state("Socks").pet.cycle.currentStreak, 1)
        notifier.press("dry", on: id)
        XCTAssertEqual(
            recordedLog.events(["surface": "button", "button": "dry", "refused": "true"]).count, 1,
            "an illegal press is logged, not fatal: \(logLines)")
        // Home Assistant is told why, in the words of the log.
        let refusal = try XCTUnwrap(engine.buttonPressed(petID: id, action: "fold"))
        XCTAssertTrue(refusal.hasPrefix("cannot fold Socks"), refusal)
        XCTAssertTrue(logLines.contains { $0.hasSuffix(refusal) })
        XCTAssertNil(engine.buttonPressed(petID: id, action: "snooze"), "a press laundry takes says nothing")
    }
}
