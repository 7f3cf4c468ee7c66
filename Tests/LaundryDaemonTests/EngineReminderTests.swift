import Foundation
import LaundryCore
import LaundryDaemon
import LaundryStore
import XCTest

final class EngineReminderTests: EngineTestCase {
    private let day = 86_400.0

    func test_aPetWashedSixDaysAgoOnASevenDayCycleIsWarnedAtStart() throws {
        try adopt("Towels", every: 7, lastWashed: start - 6 * day)
        try makeEngine().start()
        XCTAssertEqual(notifier.told, [.warning(25)])
        XCTAssertEqual(notifier.shown.first?.actions.map(\.key), ["wash", "default"])
        XCTAssertEqual(notifier.shown.first?.urgency, .normal)
    }

    func test_eachWarningIsSentOnceAndReArmsWhenHealthRises() throws {
        try adopt("Socks", every: 100)
        let engine = try makeEngine()
        engine.start()
        clock.set(start + 75 * day)  // health 25
        engine.tick()
        engine.tick()
        XCTAssertEqual(notifier.told, [.warning(25)])
        clock.set(start + 90 * day)  // health 10
        engine.tick()
        XCTAssertEqual(notifier.told.last, .warning(10))
        try perform(.wash(.minutes(1)), "Socks")
        clock.advance(by: 120)
        try perform(.fold, "Socks")
        engine.filesChanged(nil)
        engine.tick()
        XCTAssertEqual(notifier.shown.count, 2, "health 100 again: nothing to say")
        clock.advance(by: 75 * day)
        engine.tick()
        XCTAssertEqual(notifier.told.last, .warning(25), "re-armed by the fold")
        XCTAssertEqual(notifier.shown.count, 3)
    }

    /// With `escalateAfterMinutes`, a pet's due reminder waits on this machine while it is another
    /// person's turn, for them to act first; on the machine of the person whose turn it is, at once.
    func test_aDueReminderGoesToThePersonWhoseTurnItIsFirst() throws {
        try adopt("Socks", every: 100)
        try storage.writeMachineFile(
            MachineFile.here(device: "eeee000000000005", person: "Zed"), device: "eeee000000000005")
        _ = try laundry.setTurns(["Zed", laundry.person.name])
        var config = DaemonConfig.withoutAlarms()
        config.escalateAfterMinutes = 10
        let engine = try makeEngine(config: config)
        engine.start()
        // Health reaches 25 at 74.5 days (it is rounded).
        let crossed = start + 74.5 * day
        clock.set(crossed + 300)
        engine.tick()
        XCTAssertEqual(notifier.told, [], "Zed's turn: Zed's machines hear it first")
        clock.set(crossed + 601)
        engine.tick()
        XCTAssertEqual(notifier.told, [.warning(25)], "ten minutes on, here too")
        _ = try laundry.setTurns([laundry.person.name, "Zed"])
        clock.set(start + 89.5 * day + 1)  // health 10
        engine.tick()
        XCTAssertEqual(notifier.told.last, .warning(10), "this person's turn: at once")
    }

    func test_aBigDropSendsOnlyTheMostSevereWarning() throws {
        try adopt("Socks", every: 10, lastWashed: start - 9.6 * day)  // health 4
        try makeEngine().start()
        XCTAssertEqual(notifier.told, [.warning(5)])
        clock.advance(by: 0.5 * day)  // health 0
        let engine = try makeEngine()
        engine.start()
        XCTAssertEqual(notifier.told.last, .warning(0))
        XCTAssertEqual(notifier.shown.count, 2)
    }

    func test_theTickWritesNothingInTheSharedFilesWhenOnlyTheMoodChanges() throws {
        try adopt("Socks", every: 100)
        let before = written()
        let engine = try makeEngine()
        engine.start()
        XCTAssertEqual(try state("Socks").pet.mood(at: clock.now()), .happy)
        clock.set(start + 30 * day)
        engine.tick()
        XCTAssertEqual(try state("Socks").pet.mood(at: clock.now()), .neutral)
        XCTAssertEqual(written(), before, "another machine gets nothing to sync")
    }

    func test_wetLaundryIsNaggedEveryIntervalAtMostTheLimit() throws {
        try adopt("Socks")
        try perform(.wash(.minutes(1)), "Socks")
        let engine = try makeEngine(config: DaemonConfig.withoutAlarms(nagIntervalMinutes: 15, nagLimit: 4))
        engine.start()
        advance(60, engine)
        XCTAssertEqual(notifier.told, [.finished(.wash)])
        XCTAssertEqual(engine.nextDeadline, start + 60 + 900)
        for _ in 0..<6 { advance(900, engine) }
        XCTAssertEqual(Array(notifier.told.dropFirst()), Array(repeating: .neglected(.washed), count: 4))
        XCTAssertEqual(
            notifier.reasons.last, .neglected(.washed, waiting: 3600))
        XCTAssertNil(engine.nextDeadline, "the limit is reached")
    }

    func test_snoozePostponesTheNextNag() throws {
        try adopt("Socks")
        try perform(.wash(.minutes(1)), "Socks")
        let engine = try makeEngine()
        engine.start()
        advance(60, engine)
        advance(600, engine)  // 10 minutes after the finish
        try perform(.snooze(.minutes(30)), "Socks")
        engine.filesChanged(nil)
        XCTAssertEqual(engine.nextDeadline, clock.now() + 1800, "held back until the snooze ends")
        advance(1799, engine)
        XCTAssertEqual(notifier.shown.count, 1)
        advance(1, engine)
        XCTAssertEqual(notifier.told.last, .neglected(.washed))
    }

    func test_snoozeHoldsBackAWarningUntilItEnds() throws {
        try adopt("Socks", every: 7, lastWashed: start - 6 * day)
        try perform(.snooze(.minutes(10)), "Socks")
        let engine = try makeEngine()
        engine.start()
        XCTAssertEqual(notifier.shown, [])
        clock.advance(by: 601)
        engine.tick()
        XCTAssertEqual(notifier.told, [.warning(25)])
    }

    func test_configReloadChangesTheNagInterval() throws {
        try adopt("Socks")
        try perform(.wash(.minutes(1)), "Socks")
        let engine = try makeEngine()
        engine.start()
        advance(60, engine)
        engine.reloadConfig(.withoutAlarms(nagIntervalMinutes: 5, nagLimit: 1))
        XCTAssertEqual(engine.nextDeadline, start + 60 + 300)
    }
}
