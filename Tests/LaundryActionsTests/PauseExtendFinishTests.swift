import Foundation
import LaundryActions
import LaundryCore
import XCTest

/// A running load held, moved and ended early, and reminders snoozed: what each keeps and what history says.
final class PauseExtendFinishTests: LaundryTestCase {
    func test_aPauseKeepsTheTimeLeft() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        clock.advance(by: 600)
        let paused = try laundry.perform(.pause, on: "socks")
        XCTAssertEqual(paused.load?.pausedRemaining, 2100)
        XCTAssertEqual(paused.load?.pausedAt, start.addingTimeInterval(600))
        XCTAssertEqual(try newest(.paused, of: "Socks")?.detail, .remaining(seconds: 2100, timer: nil))
    }

    func test_aPausedLoadDoesNotFinishByWaiting() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        _ = try laundry.perform(.pause, on: "socks")
        clock.advance(by: 86_400)
        let state = try laundry.pet("socks")
        XCTAssertEqual(state.pet.cycle.stage, .washing)
        XCTAssertEqual(state.load?.remaining(at: clock.now()), 2700)
        XCTAssertFalse(try historyKinds("Socks").contains(.washDone))
    }

    func test_resumingEndsTheLoadTheTimeLeftLater() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        clock.advance(by: 600)
        _ = try laundry.perform(.pause, on: "socks")
        clock.advance(by: 3600)
        let resumed = try laundry.perform(.resume, on: "socks")
        XCTAssertNil(resumed.load?.pausedRemaining)
        XCTAssertEqual(resumed.load?.endsAt, clock.now().addingTimeInterval(2100))
        XCTAssertEqual(try newest(.resumed, of: "Socks")?.detail, .remaining(seconds: 2100, timer: nil))
        clock.advance(by: 2100)
        XCTAssertEqual(try laundry.pet("socks").pet.cycle.stage, .washed)
    }

    func test_extendMovesTheEndAndThePlannedLengthLater() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        clock.advance(by: 600)
        let extended = try laundry.perform(.extend(seconds: 900), on: "socks")
        XCTAssertEqual(extended.load?.endsAt, start.addingTimeInterval(3600))
        XCTAssertEqual(extended.load?.plannedSeconds, 3600)
        XCTAssertEqual(try newest(.extended, of: "Socks")?.detail, .remaining(seconds: 3000, timer: .wash))
    }

    func test_extendWithoutSecondsAddsTenMinutes() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        let extended = try laundry.perform(.extend(seconds: nil), on: "socks")
        XCTAssertEqual(extended.load?.endsAt, start.addingTimeInterval(2700 + 600))
    }

    func test_aNegativeExtendBringsTheEndCloser() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        let extended = try laundry.perform(.extend(seconds: -900), on: "socks")
        XCTAssertEqual(extended.load?.endsAt, start.addingTimeInterval(1800))
        XCTAssertEqual(extended.load?.plannedSeconds, 1800)
    }

    func test_extendingAPausedLoadAddsToItsTimeLeft() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        clock.advance(by: 600)
        _ = try laundry.perform(.pause, on: "socks")
        let extended = try laundry.perform(.extend(seconds: 300), on: "socks")
        XCTAssertEqual(extended.load?.pausedRemaining, 2400)
        XCTAssertTrue(extended.load?.isPaused ?? false, "still paused")
    }

    func test_extendingToNowOrBeforeIsRefusedAndWritesNothing() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        let before = written()
        let error = thrownError { try laundry.perform(.extend(seconds: -2700), on: "socks") }
        guard case .endBeforeNow(_, let left, let by)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(left, 2700)
        XCTAssertEqual(by, -2700)
        XCTAssertEqual(written(), before)
    }

    func test_extendingPastADayOfTimeLeftIsRefused() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        let before = written()
        let error = thrownError { try laundry.perform(.extend(seconds: 86_400), on: "socks") }
        guard case .endTooFar(_, let left, let by)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(left, 2700)
        XCTAssertEqual(by, 86_400)
        XCTAssertEqual(written(), before)
    }

    func test_finishEndsTheLoadNowAndKeepsTheTimeItHadLeft() throws {
        try adopt("Socks")
        let load = try XCTUnwrap(try laundry.perform(.wash(.minutes(45)), on: "socks").load)
        clock.advance(by: 900)
        let finished = try laundry.perform(.finish, on: "socks")
        XCTAssertEqual(finished.pet.cycle.stage, .washed)
        XCTAssertEqual(finished.load?.endsAt, clock.now())
        XCTAssertEqual(try historyKinds("Socks"), [.adopted, .washStarted, .finishedEarly, .washDone])
        let early = try XCTUnwrap(try newest(.finishedEarly, of: "Socks"))
        XCTAssertEqual(early.detail, .remaining(seconds: 1800, timer: .wash))
        XCTAssertEqual(early.loadID, load.id)
    }

    func test_finishingAPausedLoadEndsIt() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        _ = try laundry.perform(.pause, on: "socks")
        clock.advance(by: 60)
        let finished = try laundry.perform(.finish, on: "socks")
        XCTAssertEqual(finished.pet.cycle.stage, .washed)
        XCTAssertNil(finished.load?.pausedRemaining)
        XCTAssertEqual(finished.finishedLoad?.endsAt, clock.now())
    }

    func test_snoozeHoldsRemindersForTheLengthGiven() throws {
        try adopt("Socks")
        let snoozed = try laundry.perform(.snooze(.minutes(30)), on: "socks")
        XCTAssertEqual(snoozed.pet.reminders.snoozedUntil, start.addingTimeInterval(1800))
        XCTAssertEqual(try newest(.snoozed, of: "Socks")?.detail, .length(seconds: 1800, programme: nil))
    }

    func test_snoozeWithoutALengthHoldsTenMinutes() throws {
        try adopt("Socks")
        let snoozed = try laundry.perform(.snooze(nil), on: "socks")
        XCTAssertEqual(snoozed.pet.reminders.snoozedUntil, start.addingTimeInterval(600))
    }

    func test_snoozeLeavesARunningLoadAsItWas() throws {
        try adopt("Socks")
        let load = try XCTUnwrap(try laundry.perform(.wash(.minutes(45)), on: "socks").load)
        let snoozed = try laundry.perform(.snooze(nil), on: "socks")
        XCTAssertEqual(snoozed.pet.cycle.stage, .washing)
        XCTAssertEqual(snoozed.load, load)
    }

    func test_endingASnoozeIsRefusedWhenNoneHoldsAndWritesNothing() throws {
        try adopt("Socks")
        let untouched = written()
        XCTAssertEqual(
            thrownError { try laundry.perform(.endSnooze, on: "socks") } as? PetError, .notSnoozed(pet: "Socks"))
        _ = try laundry.perform(.snooze(.minutes(10)), on: "socks")
        clock.advance(by: 600)
        let afterSnooze = written()
        XCTAssertNotEqual(afterSnooze, untouched)
        XCTAssertEqual(
            thrownError { try laundry.perform(.endSnooze, on: "socks") } as? PetError, .notSnoozed(pet: "Socks"),
            "a snooze past its end holds nothing")
        XCTAssertEqual(written(), afterSnooze)
    }
}
