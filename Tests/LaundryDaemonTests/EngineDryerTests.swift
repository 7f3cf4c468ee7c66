import Foundation
import LaundryCore
import LaundryRendering
import XCTest

@testable import LaundryDaemon

/// A busy dryer holds the washer's reminder: a wash done while another pet's load is in the household's dryer says
/// when it frees up, its reminders wait till then, and the dryer's end reminds of the wet load that waited longest.
final class EngineDryerTests: EngineTestCase {
    private let interval = 900.0

    /// The timer tests' settings, with a hook: what it is told is what every surface beyond the popup hears.
    private static var hooked: DaemonConfig {
        var config = DaemonConfig.withoutAlarms()
        config.hook = ["notify-phone"]
        return config
    }

    /// Towels in the dryer for an hour from a minute in; Socks' one-minute wash ends two minutes in. Returns the
    /// engine (started before the wash ends) and when the dryer frees.
    private func socksWashWhileTowelsDry(config: DaemonConfig = hooked) throws -> (DaemonEngine, Date) {
        try adopt("Socks")
        try adopt("Towels")
        try perform(.wash(.minutes(1)), "Towels")
        clock.advance(by: 60)
        try perform(.dry(.minutes(60)), "Towels")
        let dryerFree = clock.now() + 3600
        try perform(.wash(.minutes(1)), "Socks")
        let engine = try makeEngine(config: config)
        engine.start()
        advance(60, engine)
        return (engine, dryerFree)
    }

    func test_aWashDoneWhileTheDryerIsBusySaysWhenItFreesUp() throws {
        let (_, dryerFree) = try socksWashWhileTowelsDry()
        XCTAssertEqual(notifier.told, [.finished(.wash)])
        let towels = try state("Towels").pet.id
        let finish = try XCTUnwrap(hooks.runs.last?.event)
        XCTAssertEqual(finish.event, "washDone")
        XCTAssertEqual(finish.dryer, HookEvent.DryerNews(busy: true, freeAt: dryerFree))
        XCTAssertEqual(finish.environment["LAUNDRY_DRYER_BUSY"], "1")
        XCTAssertEqual(finish.environment["LAUNDRY_DRYER_FREE_AT_UNIX"], String(Int(dryerFree.timeIntervalSince1970)))
        let json = try JSONSerialization.jsonObject(with: Data(finish.json.utf8)) as? [String: Any]
        XCTAssertEqual(json?["dryerBusy"] as? Bool, true)
        XCTAssertEqual(json?["dryerFreeAt"] as? String, Timestamp.formatSeconds(dryerFree))
        let popup = recordedLog.events(["surface": "popup", "event": "washDone"])
        XCTAssertEqual(popup.first?["dryerBusy"], "true")
        XCTAssertEqual(popup.first?["dryerFreeAt"], Timestamp.formatSeconds(dryerFree))
        // The popup's words are the writer's for that announcement, the dryer's line included.
        var announcement = Announcement(
            about: try state("Socks"), .finished(.wash, .onTime), load: try state("Socks").load, at: clock.now())
        announcement.dryer = .busy(Dryer.Busy(petID: towels, until: dryerFree, at: clock.now()))
        let messages = try MessageCatalog.load(from: laundry.dataDirectory)
        XCTAssertEqual(
            notifier.shown.first?.body,
            AnnouncementWriter(messages: messages).content(for: announcement, markup: false, buttons: true).body)
    }

    func test_aWashDoneWithTheDryerFreeTellsTheHookItIsFree() throws {
        try adopt("Socks")
        try perform(.wash(.minutes(1)), "Socks")
        let engine = try makeEngine(config: Self.hooked)
        engine.start()
        advance(60, engine)
        let finish = try XCTUnwrap(hooks.runs.last?.event)
        XCTAssertEqual(finish.dryer, HookEvent.DryerNews(busy: false, freeAt: nil))
        XCTAssertNil(recordedLog.events(["surface": "popup", "event": "washDone"]).first?["dryerBusy"])
    }

    func test_noReminderWhileTheDryerIsBusyThenTheDryersEndRemindsOfTheWetLoad() throws {
        let (engine, dryerFree) = try socksWashWhileTowelsDry()
        XCTAssertEqual(engine.nextDeadline, dryerFree, "the dryer's end, not a reminder")
        while clock.now() + interval < dryerFree { advance(interval, engine) }
        XCTAssertEqual(notifier.told, [.finished(.wash)], "no reminder while the dryer is busy")
        clock.set(dryerFree)
        engine.deadlinesDue()
        XCTAssertEqual(Array(notifier.told.dropFirst()), [.finished(.dry), .dryerFree], "the dryer's own finish first")
        let socks = try state("Socks").pet.id
        let freed = try XCTUnwrap(hooks.runs.last { $0.event.event == "dryerFree" }?.event)
        XCTAssertEqual(freed.petID, socks)
        XCTAssertEqual(freed.dryer, HookEvent.DryerNews(busy: false, freeAt: dryerFree))
        XCTAssertEqual(freed.command, "laundry dry Socks")
        XCTAssertEqual(try notes("Socks").loadReminder?.lastAt, dryerFree, "written down: told once")
        XCTAssertEqual(engine.nextDeadline, dryerFree + interval, "then reminders an interval apart")
        advance(interval, engine)
        XCTAssertEqual(
            hooks.runs.filter { $0.event.event == "reminder" }.map(\.event.petName).sorted(), ["Socks", "Towels"],
            "the dried load's own reminder, and the wet one's")
    }

    func test_theDryersEndRemindsOfTheLoadThatWaitedLongestOnly() throws {
        let (engine, dryerFree) = try socksWashWhileTowelsDry()
        try adopt("Sheets")
        try perform(.wash(.minutes(1)), "Sheets")
        engine.filesChanged(nil)
        advance(60, engine)
        XCTAssertEqual(notifier.told, [.finished(.wash), .finished(.wash)])
        clock.set(dryerFree)
        engine.deadlinesDue()
        let freed = hooks.runs.filter { $0.event.event == "dryerFree" }.map(\.event.petName)
        XCTAssertEqual(freed, ["Socks"], "one dryer: the first wet load goes in first")
        XCTAssertEqual(engine.nextDeadline, dryerFree + interval, "Sheets an interval after, not at once")
        advance(interval, engine)
        XCTAssertEqual(
            hooks.runs.filter { $0.event.event == "reminder" && $0.event.petName != "Towels" }.map(\.event.petName)
                .sorted(), ["Sheets", "Socks"])
    }

    func test_aWetLoadWaitsForAPausedDryerUntilItResumes() throws {
        let (engine, dryerFree) = try socksWashWhileTowelsDry()
        try perform(.pause, "Towels")
        engine.filesChanged(nil)
        XCTAssertNil(engine.nextDeadline, "no end known: nothing to wait for but a change")
        clock.advance(by: 1800)
        engine.filesChanged(nil)
        XCTAssertEqual(notifier.told, [.finished(.wash)])
        try perform(.resume, "Towels")
        engine.filesChanged(nil)
        XCTAssertEqual(engine.nextDeadline, dryerFree + 1800, "the dryer's new end")
    }

    func test_aDryerCancelledLetsTheWetLoadsRemindersGoOn() throws {
        let (engine, _) = try socksWashWhileTowelsDry()
        advance(2 * interval, engine)
        XCTAssertEqual(notifier.told, [.finished(.wash)])
        try perform(.cancel, "Towels")
        engine.filesChanged(nil)
        XCTAssertEqual(notifier.told.last, .neglected(.washed), "overdue: at once")
        XCTAssertEqual(hooks.runs.filter { $0.event.event == "dryerFree" }.count, 0, "the dryer did not finish a load")
    }

    func test_theDryersNewsIsToldOnceAcrossARestart() throws {
        let (engine, dryerFree) = try socksWashWhileTowelsDry()
        clock.set(dryerFree)
        engine.deadlinesDue()
        let again = try makeEngine(config: Self.hooked)
        again.start()
        XCTAssertEqual(notifier.told.filter { $0 == .dryerFree }.count, 1)
    }
}
