import Foundation
import LaundryActions
import LaundryCore
import LaundryDaemon
import XCTest

/// The alarm: a finished load rings until someone acknowledges it, and only then stops.
final class EngineAlarmTests: EngineTestCase {
    private func alarmConfig(repeatSeconds: Double = 30, minutes: Double = 5) -> DaemonConfig {
        var config = DaemonConfig.withoutAlarms()
        config.sound = true
        config.alarmRepeatSeconds = repeatSeconds
        config.alarmMinutes = minutes
        return config
    }

    /// A pet whose 10-minute wash has just been announced.
    private func finishedWash(_ engine: DaemonEngine, name: String = "Socks") throws -> UUID {
        let id = try adopt(name)
        try perform(.wash(.minutes(10)), name)
        engine.start()
        advance(600, engine)
        XCTAssertEqual(notifier.told.last, .finished(.wash))
        return id
    }

    func test_aFinishedLoadRingsEveryRepeatUntilTheAlarmGivesUp() throws {
        let engine = try makeEngine(config: alarmConfig())
        let id = try finishedWash(engine)
        XCTAssertEqual(sound.rings, [[id]], "rung at the finish")
        for _ in 0..<12 { advance(30, engine) }
        XCTAssertEqual(sound.rings.count, 11, "the finish, then every 30 s for 5 min: 10 more")
        XCTAssertEqual(engine.ringingCount, 0, "given up after alarmMinutes")
        XCTAssertEqual(try state("Socks").pet.cycle.stage, .washed, "the stage stays")
    }

    func test_theAlarmWakesTheDaemonAtItsNextRing() throws {
        let engine = try makeEngine(config: alarmConfig(repeatSeconds: 45))
        _ = try finishedWash(engine)
        XCTAssertEqual(engine.nextDeadline, clock.now().addingTimeInterval(45))
    }

    func test_eachWayOfAcknowledgingStopsTheAlarmAndCutsTheSoundOff() throws {
        // Each way, and the fact the log records it as.
        let ways: [(String, [String: String], (DaemonEngine, UUID) throws -> Void)] = [
            (
                "click", ["stoppedBy": "button", "button": "default"],
                { _, id in self.notifier.press("default", on: id) }
            ),
            ("dismiss", ["stoppedBy": "dismissed"], { _, id in self.notifier.dismiss(id) }),
            (
                "snooze button", ["stoppedBy": "button", "button": "snooze"],
                { _, id in self.notifier.press("snooze", on: id) }
            ),
            (
                "a command", ["stoppedBy": "petChanged"],
                { engine, id in
                    try self.perform(.dry(nil), "Socks")
                    engine.filesChanged([id])
                }
            ),
            (
                "a rename", ["stoppedBy": "petChanged"],
                { engine, id in
                    _ = try self.laundry.configure("Socks", PetSettings(name: try PetName("Sox")))
                    engine.filesChanged([id])
                }
            ),
        ]
        for (way, fact, acknowledge) in ways {
            try tearDownWithError()
            try setUpWithError()
            let engine = try makeEngine(config: alarmConfig())
            let id = try finishedWash(engine)
            XCTAssertEqual(sound.playingFor, [id], way)
            // The log is the test case's own, kept across these rounds.
            let stops = { self.recordedLog.events(fact.merging(["surface": "alarm"]) { $1 }).count }
            let stopsBefore = stops()
            try acknowledge(engine, id)
            XCTAssertEqual(sound.cutOff, 1, "\(way): the sound playing stops at once")
            XCTAssertEqual(engine.ringingCount, 0, way)
            for _ in 0..<4 { advance(30, engine) }
            XCTAssertEqual(sound.rings.count, 1, "\(way): no more rings")
            XCTAssertEqual(stops() - stopsBefore, 1, "\(way): \(fact)")
        }
    }

    func test_clickingTheBodyChangesNothingAndRemindersGoOn() throws {
        var config = alarmConfig()
        config.nagLimit = 1
        let engine = try makeEngine(config: config)
        let id = try finishedWash(engine)
        notifier.press("default", on: id)
        XCTAssertEqual(try state("Socks").pet.cycle.stage, .washed)
        advance(15 * 60, engine)
        XCTAssertEqual(notifier.told.last, .neglected(.washed))
        XCTAssertEqual(sound.rings.count, 2, "the reminder rings once")
        advance(30, engine)
        XCTAssertEqual(sound.rings.count, 2, "and does not start an alarm")
    }

    func test_aCommandWithdrawsThePopupThatNoLongerHoldsButARenameDoesNot() throws {
        let engine = try makeEngine(config: alarmConfig())
        let id = try finishedWash(engine)
        _ = try laundry.configure("Socks", PetSettings(name: try PetName("Sox")))
        engine.filesChanged([id])
        XCTAssertEqual(notifier.closed, [], "the load is still wet: the popup still holds")
        try perform(.dry(nil), "Sox")
        engine.filesChanged([id])
        XCTAssertEqual(notifier.closed, [id])
    }

    func test_theDaemonsOwnWritesAreNotMistakenForTheUsers() throws {
        let engine = try makeEngine(config: alarmConfig())
        let id = try finishedWash(engine)
        engine.filesChanged([id])
        engine.tick()
        engine.filesChanged(nil)
        XCTAssertEqual(engine.ringingCount, 1)
        XCTAssertEqual(notifier.closed, [])
    }

    func test_soundOffMeansNoRingAndNoAlarm() throws {
        var config = alarmConfig()
        config.sound = false
        let engine = try makeEngine(config: config)
        _ = try finishedWash(engine)
        advance(60, engine)
        XCTAssertEqual(sound.rings, [])
        XCTAssertEqual(engine.ringingCount, 0)
    }

    func test_loadsEndingTogetherRingOnce() throws {
        let engine = try makeEngine(config: alarmConfig())
        for name in ["A", "B", "C"] {
            try adopt(name)
            try perform(.wash(.minutes(10)), name)
        }
        engine.start()
        advance(600, engine)
        XCTAssertEqual(sound.rings.count, 1)
        XCTAssertEqual(sound.rings.first?.count, 3)
    }

    /// Three loads finishing 7 s apart ring as one bell: each finish at once, then once per
    /// interval for all of them, not each on its own phase.
    func test_loadsFinishingApartRingAsOneBellOncePerInterval() throws {
        let engine = try makeEngine(config: alarmConfig(repeatSeconds: 10, minutes: 5))
        var ids: [UUID] = []
        for (index, name) in ["A", "B", "C"].enumerated() {
            ids.append(try adopt(name))
            try perform(.wash(LaundryDuration(seconds: 60 + 7 * index)), name)
        }
        engine.start()
        advance(60, engine)
        XCTAssertEqual(sound.rings, [[ids[0]]])
        advance(7, engine)
        XCTAssertEqual(sound.rings.last, [ids[0], ids[1]], "a new finish rings at once, for every load waiting")
        advance(7, engine)
        XCTAssertEqual(sound.rings.count, 3)
        XCTAssertEqual(engine.nextDeadline, clock.now().addingTimeInterval(10), "the cadence starts again")
        var times: [Double] = []
        for second in 1...60 {
            let before = sound.rings.count
            advance(1, engine)
            if sound.rings.count > before { times.append(Double(second)) }
        }
        XCTAssertEqual(times, [10, 20, 30, 40, 50, 60], "one ring per interval after the third")
        XCTAssertEqual(sound.rings.last, Set(ids))

        notifier.press("default", on: ids[0])
        notifier.dismiss(ids[1])
        XCTAssertEqual(engine.ringingCount, 1, "acknowledging two leaves the third ringing")
        advance(10, engine)
        XCTAssertEqual(sound.rings.last, [ids[2]])
        notifier.press("default", on: ids[2])
        XCTAssertEqual(engine.ringingCount, 0)
        XCTAssertNil(engine.nextDeadline.flatMap { $0 < clock.now().addingTimeInterval(60) ? $0 : nil })
        let count = sound.rings.count
        advance(30, engine)
        XCTAssertEqual(sound.rings.count, count, "silent once none waits")
    }

    /// `alarmMinutes` counts for each load: the first leaves the bell when its time is up, with a
    /// log line, while a later one rings on.
    func test_eachLoadLeavesTheBellWhenItsOwnAlarmMinutesRunOut() throws {
        let engine = try makeEngine(config: alarmConfig(repeatSeconds: 30, minutes: 2))
        let first = try adopt("First")
        let second = try adopt("Second")
        try perform(.wash(.minutes(1)), "First")
        try perform(.wash(LaundryDuration(seconds: 150)), "Second")
        engine.start()
        advance(60, engine)  // First finishes
        for _ in 0..<3 { advance(30, engine) }  // rings at 90, 120, 150 (Second finishes at 150)
        XCTAssertEqual(sound.rings.last, [first, second])
        advance(30, engine)  // 180: First's two minutes ran out at 180 — its last ring
        advance(30, engine)  // 210
        XCTAssertEqual(sound.rings.last, [second])
        XCTAssertEqual(
            recordedLog.events(["surface": "alarm", "pet": "First", "stoppedBy": "rangOut"]).count, 1, "\(logLines)")
        XCTAssertEqual(engine.ringingCount, 1)
    }

    func test_everyNotificationRunsTheHookWithItsEvent() throws {
        var config = alarmConfig()
        config.hook = ["notify-phone", "--loud"]
        config.headsUpMinutes = 5
        config.nagLimit = 1
        let engine = try makeEngine(config: config)
        let id = try adopt("Socks")
        try perform(.wash(.minutes(10)), "Socks")
        engine.start()
        advance(300, engine)
        advance(300, engine)
        advance(15 * 60, engine)
        XCTAssertEqual(hooks.runs.map(\.event.event), ["loadStarted", "headsUp", "washDone", "reminder"])
        let done = hooks.runs[2]
        XCTAssertEqual(done.command, ["notify-phone", "--loud"])
        XCTAssertEqual(done.event.petID, id)
        XCTAssertEqual(done.event.summary, "🫧 Wash Complete!")
        XCTAssertEqual(done.event.body, "Socks is ready for the dryer!", "plain text, no 'Type:' line")
        XCTAssertEqual(done.event.command, "laundry dry Socks")
        XCTAssertEqual(done.event.environment["LAUNDRY_EVENT"], "washDone")
    }

    /// A finish is worded once: the popup, the log line and the hook say the same words, on a
    /// server with buttons and on one with markup and none (the name escaped there, a "Type:" line).
    func test_aFinishSaysTheSameInThePopupTheLogAndTheHook() throws {
        var config = alarmConfig()
        config.hook = ["notify-phone"]
        let engine = try makeEngine(config: config)
        try adopt("Tom & Jerry")
        notifier.capabilities = ["body", "body-markup"]
        try perform(.wash(.minutes(10)), "Tom & Jerry")
        engine.start()
        advance(10 * 60, engine)
        let popup = try XCTUnwrap(notifier.shown.last)
        let hook = try XCTUnwrap(hooks.runs.last?.event)
        XCTAssertEqual(hook.event, "washDone")
        XCTAssertEqual(popup.summary, hook.summary)
        XCTAssertEqual(hook.body, "Tom & Jerry is ready for the dryer!")
        XCTAssertEqual(
            popup.body, "Tom &amp; Jerry is ready for the dryer!\nType: laundry dry &#39;Tom &amp; Jerry&#39;",
            "the same words, escaped, with the command to type")
        XCTAssertTrue(popup.actions.isEmpty)
        // The log has the hook's words (plain, no markup, no command to type).
        let logged = try XCTUnwrap(recordedLog.events(["surface": "popup", "event": "washDone"]).last?["message"])
        XCTAssertTrue(logged.hasSuffix(": \(hook.summary) — \(hook.body)"), logged)
    }
}
