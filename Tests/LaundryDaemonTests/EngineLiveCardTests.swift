import Foundation
import LaundryActions
import LaundryCore
import LaundryDaemon
import LaundryRendering
import XCTest

/// The live card: one silent card per running load, sent only when its words change (its minute
/// left, or the load), withdrawn at the finish, and closed for good when the person closes it.
final class EngineLiveCardTests: EngineTestCase {
    private func washing(_ name: String = "Socks", minutes: Int = 60) throws -> (DaemonEngine, UUID) {
        var config = DaemonConfig.withoutAlarms()
        config.hook = ["/bin/true"]
        let engine = try makeEngine(config: config, cards: true)
        let id = try adopt(name)
        try perform(.wash(.minutes(minutes)), name)
        engine.start()
        return (engine, id)
    }

    private var cardKeys: [[String]] { cards.shown.map { $0.actions.map(\.key) } }

    func test_aRunningLoadHasOneSilentCardRedrawnOnlyWhenItsMinuteTicksOver() throws {
        let (engine, id) = try washing()
        let first = try XCTUnwrap(cards.shown.first)
        XCTAssertEqual(cards.shown.count, 1)
        XCTAssertEqual(first.petID, id)
        XCTAssertEqual(first.urgency, .low)
        XCTAssertTrue(first.isLiveCard)
        XCTAssertEqual(first.summary, "🫧 Socks: 1h left")
        XCTAssertEqual(first.body, "Done at 11:00.")
        XCTAssertEqual(first.percentDone, 0)
        XCTAssertEqual(cardKeys, [["extend", "pause", "finish"]])
        XCTAssertEqual(notifier.shown, [], "no popup for a start")
        let hookRuns = hooks.runs.count
        // Ten minutes in steps of 10 s: the card is redrawn once per minute, no more.
        for _ in 0..<60 { advance(10, engine) }
        XCTAssertEqual(cards.shown.count, 11)
        XCTAssertEqual(cards.shown.last?.summary, "🫧 Socks: 50m left")
        XCTAssertEqual(cards.shown.last?.percentDone, 16)
        let times = cards.shown.map(\.summary)
        XCTAssertEqual(Set(times).count, times.count, "every update says something new")
        XCTAssertEqual(hooks.runs.count, hookRuns, "card updates are not hook events")
    }

    func test_extendPauseAndResumeRedrawTheCardAtOnce() throws {
        let (engine, id) = try washing()
        advance(5, engine)
        try perform(.extend(seconds: 600), "Socks")
        engine.filesChanged([id])
        XCTAssertEqual(cards.shown.last?.body, "Done at 11:10.")
        XCTAssertEqual(cards.shown.last?.summary, "🫧 Socks: 1h10m left")
        try perform(.pause, "Socks")
        engine.filesChanged([id])
        XCTAssertEqual(cards.shown.last?.body, "Paused. It goes on when you resume it.")
        XCTAssertEqual(cardKeys.last, ["extend", "resume", "finish"])
        let whilePaused = cards.shown.count
        for _ in 0..<30 { advance(10, engine) }
        XCTAssertEqual(cards.shown.count, whilePaused, "a paused card does not tick")
        try perform(.resume, "Socks")
        engine.filesChanged([id])
        XCTAssertEqual(cards.shown.count, whilePaused + 1)
        XCTAssertEqual(cards.shown.last?.body, "Done at 11:15.", "five minutes paused move the end")
        XCTAssertEqual(cards.closed, [], "never withdrawn while the load runs")
    }

    func test_theFinishWithdrawsTheCardAsItsPopupGoesOut() throws {
        let (engine, id) = try washing(minutes: 2)
        advance(120, engine)
        XCTAssertEqual(notifier.reasons, [.finished(.wash, .onTime)])
        XCTAssertEqual(cards.closed, [id], "withdrawn in the same turn as the popup is posted")
        let count = cards.shown.count
        advance(600, engine)
        XCTAssertEqual(cards.shown.count, count, "no card for a finished load")
    }

    func test_aButtonOnTheCardChangesTheLoad() throws {
        let (engine, id) = try washing()
        defer { withExtendedLifetime(engine) {} }
        cards.press("extend", on: id)
        XCTAssertEqual(try state("Socks").load?.endsAt, start.addingTimeInterval(70 * 60))
        XCTAssertEqual(cards.shown.last?.body, "Done at 11:10.")
        cards.press("pause", on: id)
        XCTAssertEqual(try state("Socks").load?.isPaused, true)
        cards.press("finish", on: id)
        XCTAssertEqual(try state("Socks").pet.cycle.stage, .washed)
        XCTAssertEqual(notifier.reasons, [.finished(.wash, .onTime)], "announced as any finish")
        XCTAssertEqual(cards.closed, [id])
    }

    func test_aCardThePersonClosedStaysClosedForThatLoadOnly() throws {
        let (engine, id) = try washing(minutes: 5)
        cards.dismiss(id)
        XCTAssertEqual(cards.closed, [id], "an update still on its way is called off")
        let count = cards.shown.count
        for _ in 0..<4 { advance(60, engine) }
        try perform(.extend(seconds: 600), "Socks")
        engine.filesChanged([id])
        XCTAssertEqual(cards.shown.count, count, "not again for this load, even when it changes")
        try perform(.cancel, "Socks")
        engine.filesChanged([id])
        XCTAssertEqual(cards.closed, [id], "a closed card is not withdrawn again")
        try perform(.wash(.minutes(30)), "Socks")
        engine.filesChanged([id])
        XCTAssertEqual(cards.shown.count, count + 1, "the next load has its card")
    }

    func test_aServerThatTakesOverGetsTheCardsAgain() throws {
        let (engine, id) = try washing()
        cards.serverLeaves()
        advance(60, engine)
        XCTAssertEqual(cards.shown.count, 1, "nothing while no server is there")
        cards.serverArrives()
        XCTAssertEqual(cards.shown.count, 2)
        XCTAssertEqual(cards.shown.last?.petID, id)
        XCTAssertEqual(cards.shown.last?.summary, "🫧 Socks: 59m left")
    }

    func test_noCardsWhenTurnedOff() throws {
        var config = DaemonConfig.withoutAlarms()
        config.liveCard = false
        let engine = try makeEngine(config: config, cards: true)
        let id = try adopt("Socks")
        try perform(.wash(.minutes(30)), "Socks")
        engine.start()
        XCTAssertEqual(cards.shown, [])
        config.liveCard = true
        engine.reloadConfig(config)
        XCTAssertEqual(cards.shown.map(\.petID), [id], "shown once turned on again")
        config.liveCard = false
        engine.reloadConfig(config)
        XCTAssertEqual(cards.closed, [id], "and withdrawn when turned off")
    }
}

/// A finished load dealt with on any surface: the hook hears `loadAcknowledged` with that load's
/// id (not the next load's), so a phone's push for it can go.
final class EngineAcknowledgedHookTests: EngineTestCase {
    func test_theHookHearsTheAcknowledgedLoadNotTheNextOne() throws {
        var config = DaemonConfig.withoutAlarms()
        config.hook = ["/bin/true"]
        let engine = try makeEngine(config: config)
        let id = try adopt("Socks")
        try perform(.wash(.minutes(1)), "Socks")
        engine.start()
        let wash = try XCTUnwrap(try state("Socks").load?.id)
        advance(60, engine)
        XCTAssertEqual(notifier.reasons, [.finished(.wash, .onTime)])
        notifier.press("dry", on: id)
        let acknowledged = hooks.runs.filter { $0.event.event == "loadAcknowledged" }
        XCTAssertEqual(acknowledged.map { $0.event.load?.id }, [wash])
        XCTAssertEqual(acknowledged.first?.event.summary, "🫧 Socks: seen to")
        XCTAssertNotEqual(try state("Socks").load?.id, wash, "the dryer runs now")
        try perform(.extend(seconds: 60), "Socks")
        engine.filesChanged([id])
        XCTAssertEqual(hooks.runs.filter { $0.event.event == "loadAcknowledged" }.count, 1, "once per finish")
    }
}
