import Foundation
import LaundryActions
import LaundryCore
import LaundryDaemon
import XCTest

/// Quiet hours, the heads-up, and health warnings that keep out of a cycle's way.
final class EngineQuietTests: EngineTestCase {
    private let day = 86_400.0

    /// Sound on; quiet from `from` to `to` (UTC, the engine's zone in these tests).
    private func config(quiet: (String, String)? = nil, headsUp: Double = 0) -> DaemonConfig {
        var config = DaemonConfig.withoutAlarms()
        config.sound = true
        config.headsUpMinutes = headsUp
        if let quiet {
            config.quietHours = QuietHours(from: TimeOfDay(quiet.0)!, to: TimeOfDay(quiet.1)!)
        }
        return config
    }

    func test_aLoadFinishedInQuietHoursIsShownSilentlyAtNormalUrgency() throws {
        // The clock starts at 10:00 UTC.
        let engine = try makeEngine(config: config(quiet: ("09:00", "11:00")))
        try adopt("Socks")
        try perform(.wash(.minutes(10)), "Socks")
        engine.start()
        advance(600, engine)
        XCTAssertEqual(notifier.told, [.finished(.wash)])
        XCTAssertEqual(notifier.shown.first?.urgency, .normal)
        XCTAssertEqual(sound.rings, [])
        XCTAssertEqual(engine.ringingCount, 0)
    }

    func test_remindersHeldInQuietHoursGoOutOnceWhenTheyEnd() throws {
        let engine = try makeEngine(config: config(quiet: ("10:05", "11:00")))
        try adopt("Socks")
        try perform(.wash(.minutes(1)), "Socks")
        engine.start()
        advance(60, engine)  // 10:01, before the window: rung
        XCTAssertEqual(sound.rings.count, 1)
        notifier.press("default", on: try state("Socks").pet.id)
        // Reminders would be due at 10:16, 10:31, 10:46: all inside the window.
        XCTAssertEqual(engine.nextDeadline, start.addingTimeInterval(3600), "held until 11:00")
        while clock.now() < start.addingTimeInterval(3540) { advance(60, engine) }
        XCTAssertEqual(notifier.told, [.finished(.wash)], "nothing inside the window")
        advance(60, engine)
        XCTAssertEqual(notifier.told, [.finished(.wash), .neglected(.washed)], "one, at its end")
        XCTAssertEqual(sound.rings.count, 2)
        advance(60, engine)
        XCTAssertEqual(notifier.shown.count, 2, "once")
    }

    func test_aReminderAlreadyOverdueWhenQuietHoursBeginWaitsForTheirEndNotInALoop() throws {
        let engine = try makeEngine(config: config(quiet: ("10:20", "11:00")))
        try adopt("Socks")
        try perform(.wash(.minutes(1)), "Socks")
        engine.start()
        advance(60, engine)
        // Asleep from 10:05 to 10:30: the reminder due at 10:16 is overdue, and it is quiet now.
        clock.set(start + 1800)
        engine.deadlinesDue()
        XCTAssertEqual(engine.nextDeadline, start.addingTimeInterval(3600), "held until 11:00, not in the past")
        XCTAssertEqual(notifier.shown.count, 1)
    }

    func test_quietHoursEndRightWhenTheClockReadsToTwiceOrSkipsIt() throws {
        let newYork = LocalZone(TimeZone(identifier: "America/New_York")!)
        // 1 November 2026: 01:00–02:00 EDT, then 01:00–02:00 EST again.
        let window = QuietHours(from: TimeOfDay("00:30")!, to: TimeOfDay("01:30")!)!
        let secondPass = Date(timeIntervalSince1970: 1_793_514_000)  // 06:20Z = 01:20 EST
        XCTAssertEqual(window.end(after: secondPass, in: newYork).timeIntervalSince1970, 1_793_514_600, "01:30 EST")
        let firstPass = Date(timeIntervalSince1970: 1_793_510_400)  // 05:20Z = 01:20 EDT
        XCTAssertEqual(window.end(after: firstPass, in: newYork).timeIntervalSince1970, 1_793_511_000, "01:30 EDT")
        // 8 March 2026: 02:00–03:00 never happens; a window to 02:30 ends at the jump.
        let gap = QuietHours(from: TimeOfDay("01:00")!, to: TimeOfDay("02:30")!)!
        let beforeJump = Date(timeIntervalSince1970: 1_772_951_400)  // 06:30Z = 01:30 EST
        XCTAssertEqual(gap.end(after: beforeJump, in: newYork).timeIntervalSince1970, 1_772_953_200, "03:00 EDT")
    }

    func test_aClickDuringAReminderCutsItsSoundOff() throws {
        var settings = config()
        settings.alarmMinutes = 0
        let engine = try makeEngine(config: settings)
        let id = try adopt("Socks")
        try perform(.wash(.minutes(1)), "Socks")
        engine.start()
        advance(60, engine)
        sound.finish()
        advance(15 * 60, engine)
        XCTAssertEqual(sound.playingFor, [id], "the reminder rings")
        notifier.press("default", on: id)
        XCTAssertEqual(sound.playingFor, [], "and stops at the click, though no alarm repeats")
    }

    func test_healthWarningsWaitForTheEndOfQuietHours() throws {
        try adopt("Towels", every: 7, lastWashed: start - 6 * day)
        let engine = try makeEngine(config: config(quiet: ("09:00", "10:30")))
        engine.start()
        XCTAssertEqual(notifier.shown.count, 0)
        clock.set(start + 1800)
        engine.tick()
        XCTAssertEqual(notifier.told, [.warning(25)])
    }

    func test_quietHoursCrossingMidnightFollowTheLocalClockAcrossDST() throws {
        let newYork = LocalZone(TimeZone(identifier: "America/New_York")!)
        let hours = QuietHours(from: TimeOfDay("22:00")!, to: TimeOfDay("07:00")!)!
        // The night clocks go forward (8 March 2026) and the night they go back (1 November 2026).
        let spring = Date(timeIntervalSince1970: 1_772_938_800)  // 2026-03-08T03:00Z, 22:00 EST on the 7th
        XCTAssertTrue(hours.contains(spring, in: newYork))
        XCTAssertEqual(hours.end(after: spring, in: newYork).timeIntervalSince1970, 1_772_967_600, "07:00 EDT")
        let autumn = Date(timeIntervalSince1970: 1_793_498_400)  // 2026-11-01T02:00Z, 22:00 EDT on 31 Oct
        XCTAssertTrue(hours.contains(autumn, in: newYork))
        XCTAssertEqual(hours.end(after: autumn, in: newYork).timeIntervalSince1970, 1_793_534_400, "07:00 EST")
        XCTAssertFalse(hours.contains(Date(timeIntervalSince1970: 1_793_534_400), in: newYork))
        XCTAssertFalse(hours.contains(autumn.addingTimeInterval(-60), in: newYork), "21:59")
    }

    func test_theHeadsUpComesLeadMinutesBeforeTheEndWithoutSound() throws {
        let engine = try makeEngine(config: config(headsUp: 5))
        let id = try adopt("Socks")
        try perform(.wash(.minutes(45)), "Socks")
        engine.start()
        XCTAssertEqual(engine.nextDeadline, start.addingTimeInterval(40 * 60))
        advance(40 * 60, engine)
        XCTAssertEqual(notifier.told, [.headsUp(.wash, minutes: 5)])
        XCTAssertEqual(notifier.shown.first?.urgency, .normal)
        XCTAssertEqual(notifier.shown.first?.actions.map(\.key), ["default"])
        XCTAssertEqual(sound.rings, [])
        advance(5 * 60, engine)
        XCTAssertEqual(notifier.told.last, .finished(.wash), "the finish replaces it")
        XCTAssertEqual(notifier.shown.count, 2)
        _ = id
    }

    func test_noHeadsUpForALoadPausedBeforeItOrShorterThanTheLead() throws {
        let engine = try makeEngine(config: config(headsUp: 5))
        try adopt("Socks")
        try adopt("Hankies")
        try perform(.wash(.minutes(45)), "Socks")
        try perform(.wash(.minutes(4)), "Hankies")
        engine.start()
        advance(30 * 60, engine)
        try perform(.pause, "Socks")
        engine.filesChanged(nil)
        advance(60 * 60, engine)
        XCTAssertEqual(
            notifier.told.filter { $0 != .neglected(.washed) }, [.finished(.wash)],
            "only the short load's finish")
    }

    /// "The washer says 12 more minutes" after the heads-up: another comes before the new end; a
    /// move of under a minute (a short pause) brings none.
    func test_aLoadExtendedAfterItsHeadsUpGetsAnotherBeforeItsNewEnd() throws {
        let engine = try makeEngine(config: config(headsUp: 5))
        let id = try adopt("Socks")
        try perform(.wash(.minutes(45)), "Socks")
        engine.start()
        advance(40 * 60, engine)
        XCTAssertEqual(notifier.told, [.headsUp(.wash, minutes: 5)])
        try perform(.extend(seconds: 12 * 60), "Socks")
        engine.filesChanged([id])
        XCTAssertEqual(engine.nextDeadline, start.addingTimeInterval(52 * 60), "the new end's heads-up")
        advance(12 * 60, engine)
        XCTAssertEqual(notifier.told, [.headsUp(.wash, minutes: 5), .headsUp(.wash, minutes: 5)])
        try perform(.extend(seconds: 30), "Socks")
        engine.filesChanged([id])
        advance(5 * 60 + 30, engine)
        XCTAssertEqual(notifier.told.count, 3)
        XCTAssertEqual(notifier.told.last, .finished(.wash), "no heads-up for half a minute more")
    }

    /// Resumed after a pause longer than a minute, once its heads-up came: its end moved, but the
    /// moment for a heads-up has passed, so none comes again at once.
    func test_aLoadResumedAfterItsHeadsUpIsNotToldAgain() throws {
        let engine = try makeEngine(config: config(headsUp: 5))
        let id = try adopt("Socks")
        try perform(.wash(.minutes(45)), "Socks")
        engine.start()
        advance(41 * 60, engine)
        XCTAssertEqual(notifier.told, [.headsUp(.wash, minutes: 4)])
        try perform(.pause, "Socks")
        engine.filesChanged([id])
        advance(10 * 60, engine)
        try perform(.resume, "Socks")
        engine.filesChanged([id])
        advance(1, engine)
        XCTAssertEqual(notifier.told, [.headsUp(.wash, minutes: 4)], "not again on resuming")
        advance(4 * 60, engine)
        XCTAssertEqual(notifier.told.last, .finished(.wash))
    }

    func test_pausingAfterTheHeadsUpWithdrawsIt() throws {
        let engine = try makeEngine(config: config(headsUp: 5))
        let id = try adopt("Socks")
        try perform(.wash(.minutes(45)), "Socks")
        engine.start()
        advance(41 * 60, engine)
        try perform(.pause, "Socks")
        engine.filesChanged([id])
        XCTAssertEqual(notifier.closed, [id])
    }

    func test_noHealthWarningWhileACycleIsUnderWayUntilTheLastReminderHasGone() throws {
        try adopt("Towels", every: 7, lastWashed: start - 5 * day)
        var settings = config()
        settings.nagLimit = 2
        let engine = try makeEngine(config: settings)
        try perform(.wash(.minutes(10)), "Towels")
        engine.start()
        clock.set(start + day)  // health 14 %: past the 25 % warning
        engine.tick()
        engine.deadlinesDue()
        XCTAssertEqual(notifier.told, [.finished(.wash)], "the wash speaks for the pet")
        XCTAssertEqual(try state("Towels").pet.mood(at: clock.now()), .neutral, "a finished wash cheers it up")
        for _ in 0..<2 {
            clock.advance(by: 15 * 60)
            engine.deadlinesDue()
            engine.tick()
        }
        XCTAssertEqual(notifier.told.filter { $0 == .neglected(.washed) }.count, 2)
        XCTAssertEqual(notifier.told.last, .warning(25), "the reminders are over: warnings resume")
    }
}
