import Foundation
import LaundryActions
import LaundryCore
import LaundryDaemon
import LaundryTestSupport
import XCTest

/// A sleep the user chooses, the hook's load events and what keeps the session awake, on the
/// injected clock: a suspend is the clock jumping between `goingToSleep` and `wokeUp`.
final class EngineSleepTests: EngineTestCase {
    private func engine(hook: Bool = true, keepAwake: Bool = true, sound: Bool = false) throws -> DaemonEngine {
        var config = DaemonConfig.withoutAlarms()
        config.hook = hook ? ["phone"] : nil
        config.keepAwake = keepAwake
        config.sound = sound
        let engine = try makeEngine(config: config)
        engine.start()
        return engine
    }

    private func changed(_ name: String, _ engine: DaemonEngine) throws {
        engine.filesChanged([try state(name).pet.id])
    }

    func test_aLoadThatEndsWhileThisComputerSleepsIsToldSoOnceWhenItWakes() throws {
        try adopt("Socks")
        let engine = try engine()
        try perform(.wash(.minutes(10)), "Socks")
        try changed("Socks", engine)
        clock.advance(by: 5 * 60)
        engine.goingToSleep()
        clock.advance(by: 35 * 60)  // asleep: nothing runs
        engine.wokeUp()
        XCTAssertEqual(notifier.reasons, [.finished(.wash, .whileAsleep(30 * 60))])
        advance(1, engine)
        XCTAssertEqual(notifier.shown.count, 1, "once")
    }

    /// The timerfd can fire on resume before logind's word that the machine woke.
    func test_aFinishSeenBeforeTheWordThatItWokeIsStillToldAsSlept() throws {
        try adopt("Socks")
        let engine = try engine()
        try perform(.wash(.minutes(10)), "Socks")
        try changed("Socks", engine)
        clock.advance(by: 9 * 60)
        engine.goingToSleep()
        advance(61, engine)
        XCTAssertEqual(notifier.reasons, [.finished(.wash, .whileAsleep(1))])
        engine.wokeUp()
        XCTAssertEqual(notifier.shown.count, 1, "not again on waking")

        try perform(.dry(.minutes(1)), "Socks")
        try changed("Socks", engine)
        advance(60, engine)
        XCTAssertEqual(notifier.reasons.last, .finished(.dry, .onTime), "awake again: on time")
    }

    func test_theHookHearsWhenALoadStartsChangesStopsAndEnds() throws {
        let id = try adopt("Socks")
        let engine = try engine()
        try perform(.wash(.minutes(10)), "Socks")
        try changed("Socks", engine)
        let started = try XCTUnwrap(hooks.runs.last?.event)
        let load = try XCTUnwrap(try state("Socks").load)
        XCTAssertEqual(started.event, "loadStarted")
        XCTAssertEqual(started.summary, "🫧 Socks: done at 10:10")
        XCTAssertEqual(started.environment["LAUNDRY_LOAD_ID"], load.id.lowercasedText)
        XCTAssertEqual(started.environment["LAUNDRY_ENDS_AT"], "2026-11-21T10:10:00Z")
        XCTAssertEqual(started.environment["LAUNDRY_ENDS_AT_UNIX"], String(Int(load.endsAt.timeIntervalSince1970)))
        XCTAssertEqual(started.petID, id)

        clock.advance(by: 120)
        try perform(.pause, "Socks")
        try changed("Socks", engine)
        var told = try XCTUnwrap(hooks.runs.last?.event)
        XCTAssertEqual(told.event, "loadChanged")
        XCTAssertEqual(told.body, "The load changed: paused.")
        XCTAssertNil(told.environment["LAUNDRY_ENDS_AT"], "a paused load has no end")
        XCTAssertEqual(told.environment["LAUNDRY_CHANGE"], "paused")
        XCTAssertEqual(told.environment["LAUNDRY_LOAD_ID"], load.id.lowercasedText)
        clock.advance(by: 60)
        try perform(.resume, "Socks")
        try changed("Socks", engine)
        told = try XCTUnwrap(hooks.runs.last?.event)
        XCTAssertEqual(told.event, "loadChanged")
        XCTAssertEqual(told.environment["LAUNDRY_ENDS_AT"], "2026-11-21T10:11:00Z", "a new end")
        XCTAssertEqual(told.due?.summary, "🫧 Wash Complete!", "what the phone shows at the new end")
        XCTAssertEqual(told.load?.id, load.id, "the same load")
        try perform(.extend(seconds: 300), "Socks")
        try changed("Socks", engine)
        told = try XCTUnwrap(hooks.runs.last?.event)
        XCTAssertEqual(told.event, "loadChanged")
        XCTAssertEqual(told.summary, "🫧 Socks: now done at 10:16")
        XCTAssertEqual(told.environment["LAUNDRY_ENDS_AT"], "2026-11-21T10:16:00Z")
        XCTAssertEqual(told.environment["LAUNDRY_CHANGE"], "moved")
        clock.advance(by: 60)
        try perform(.finish, "Socks")
        try changed("Socks", engine)
        XCTAssertEqual(notifier.reasons.last, .finished(.wash, .onTime), "announced as any finish")
        let done = try XCTUnwrap(hooks.runs.last?.event)
        XCTAssertEqual(done.event, "washDone")
        XCTAssertEqual(done.environment["LAUNDRY_LOAD_ID"], load.id.lowercasedText, "the finish names its load")
        XCTAssertEqual(
            hooks.runs.map(\.event.event),
            ["loadStarted", "loadChanged", "loadChanged", "loadChanged", "loadChanged", "washDone"])
        XCTAssertEqual(hooks.runs.dropLast().last?.event.body, "The load changed: finished early.")
        XCTAssertEqual(hooks.runs.dropLast().last?.event.environment["LAUNDRY_CHANGE"], "finished")

        // The dryer's run has its own id (a push of its own), and belongs to the wash's load, as `loads` says.
        try perform(.dry(.minutes(30)), "Socks")
        try changed("Socks", engine)
        let dryer = try XCTUnwrap(try state("Socks").load)
        let dryerStarted = try XCTUnwrap(hooks.runs.last?.event)
        XCTAssertEqual(dryerStarted.environment["LAUNDRY_TIMER_ID"], dryer.id.lowercasedText)
        XCTAssertEqual(dryerStarted.environment["LAUNDRY_LOAD_ID"], load.id.lowercasedText, "the wash's load")
        XCTAssertEqual(try laundry.loads("Socks").first?.load.id, load.id)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(dryerStarted.json.utf8)) as? [String: Any])
        XCTAssertEqual(json["loadId"] as? String, load.id.lowercasedText)
        XCTAssertEqual(json["timerId"] as? String, dryer.id.lowercasedText)
        try perform(.cancel, "Socks")
        try changed("Socks", engine)
        XCTAssertEqual(hooks.runs.last?.event.body.hasSuffix("it was cancelled."), true)
        XCTAssertEqual(hooks.runs.last?.event.environment["LAUNDRY_LOAD_ID"], load.id.lowercasedText)
        try perform(.dry(.minutes(30)), "Socks")
        try changed("Socks", engine)
        _ = try laundry.release("Socks")
        engine.filesChanged([id])
        XCTAssertEqual(hooks.runs.last?.event.event, "loadStopped")
        XCTAssertEqual(hooks.runs.last?.event.body.hasSuffix("the pet was released."), true)
        XCTAssertEqual(hooks.runs.last?.event.petName, "Socks")
        XCTAssertEqual(
            hooks.runs.last?.event.environment["LAUNDRY_LOAD_ID"], load.id.lowercasedText, "released, still found")
    }

    /// A load already running when the daemon starts (a command started it, then the daemon)
    /// is told as started, so the phone always hears of it.
    func test_aLoadRunningWhenTheDaemonStartsIsToldAsStarted() throws {
        try adopt("Socks")
        try perform(.wash(.minutes(10)), "Socks")
        _ = try engine()
        XCTAssertEqual(hooks.runs.map(\.event.event), ["loadStarted"])
    }

    func test_goingToSleepTellsTheHookEveryLoadStillRunning() throws {
        try adopt("Socks")
        try adopt("Towels")
        try perform(.wash(.minutes(10)), "Socks")
        try perform(.wash(.minutes(30)), "Towels")
        let engine = try engine()
        engine.goingToSleep()
        let sleeping = try XCTUnwrap(hooks.runs.last?.event)
        XCTAssertEqual(sleeping.event, "sleeping")
        XCTAssertEqual(sleeping.body, "2 loads still running, all done by 10:30.")
        XCTAssertEqual(sleeping.running.map(\.petName), ["Socks", "Towels"])
        let loads = try [state("Socks"), state("Towels")].map { try XCTUnwrap($0.load) }
        XCTAssertEqual(
            sleeping.environment["LAUNDRY_RUNNING"],
            loads.map { "\($0.id.lowercasedText):\(Int($0.endsAt.timeIntervalSince1970))" }.joined(separator: " "))
    }

    func test_whatKeepsTheSessionAwakeFollowsTheLoadsAndTheBell() throws {
        try adopt("Socks")
        try adopt("Towels")
        let engine = try engine(sound: true)
        XCTAssertNil(engine.awakeWish, "nothing runs")
        try perform(.wash(.minutes(10)), "Socks")
        try changed("Socks", engine)
        XCTAssertEqual(engine.awakeWish?.reason, "Socks: wash ends at 10:10")
        XCTAssertEqual(engine.awakeWish?.until, start.addingTimeInterval(600))
        try perform(.wash(.minutes(20)), "Towels")
        try changed("Towels", engine)
        XCTAssertEqual(engine.awakeWish?.reason, "2 loads, the last ends at 10:20")
        try perform(.pause, "Towels")
        try changed("Towels", engine)
        XCTAssertEqual(engine.awakeWish?.reason, "Socks: wash ends at 10:10", "a paused load holds nothing")
        try perform(.cancel, "Towels")
        try changed("Towels", engine)

        advance(600, engine)
        XCTAssertEqual(engine.awakeWish?.reason, "Socks is done and waiting", "it rings until someone acts")
        XCTAssertEqual(engine.awakeWish?.until, clock.now().addingTimeInterval(5 * 60), "until the bell gives up")
        notifier.press("default", on: try state("Socks").pet.id)
        XCTAssertNil(engine.awakeWish, "acknowledged: released at once")

        try perform(.dry(.minutes(1)), "Socks")
        try changed("Socks", engine)
        advance(60, engine)
        XCTAssertNotNil(engine.awakeWish)
        for _ in 0..<11 { advance(30, engine) }
        XCTAssertNil(engine.awakeWish, "the bell gave up: released")
    }

    /// The desktop and `daemon status` show the reader's words; the daemon's log keeps English (README).
    func test_whatKeepsTheSessionAwakeIsLoggedInEnglishAndShownInTheReadersLanguage() throws {
        try adopt("Socks")
        try adopt("Towels")
        let engine = try engine()
        try perform(.wash(.minutes(10)), "Socks")
        try changed("Socks", engine)
        var wish = try XCTUnwrap(engine.awakeWish)
        XCTAssertEqual(wish.parts, [.runs(name: "Socks", kind: .wash, ends: start.addingTimeInterval(600))])
        Speaking.in("de") {
            XCTAssertEqual(wish.english, "Socks: wash ends at 10:10", "the log's fact")
            XCTAssertEqual(wish.reason, "Socks: Waschen endet um 10:10", "what the desktop shows")
        }
        try perform(.wash(.minutes(20 * 60)), "Towels")
        try changed("Towels", engine)
        wish = try XCTUnwrap(engine.awakeWish)
        Speaking.in("de") {
            XCTAssertEqual(wish.english, "2 loads, the last ends at 2026-11-22 06:00", "another day: its ISO date")
            XCTAssertTrue(wish.reason.hasPrefix("2 Ladungen, die letzte endet um "), wish.reason)
        }
    }

    func test_keepAwakeOffWantsNothing() throws {
        try adopt("Socks")
        let engine = try engine(keepAwake: false)
        try perform(.wash(.minutes(10)), "Socks")
        try changed("Socks", engine)
        XCTAssertNil(engine.awakeWish)
        XCTAssertEqual(engine.runningLoads.count, 1)
    }
}
