import Foundation
import LaundryActions
import LaundryCore
import XCTest

/// The household's one dryer, read from every pet's load: whether it is busy for a washed pet and until when, which
/// wet load its freeing reminds of, and when a wet load's reminders are due because of it.
final class DryerTests: LaundryTestCase {
    private let config = DaemonConfig.defaults

    /// Towels in the dryer for an hour (from now), Socks washed a minute into it.
    private func socksWashedWhileTowelsDry() throws -> (socks: UUID, towels: UUID, dryerFree: Date) {
        let socks = try adopt("Socks").id
        let towels = try adopt("Towels").id
        _ = try laundry.perform(.wash(.minutes(1)), on: "towels")
        clock.advance(by: 60)
        _ = try laundry.perform(.dry(.minutes(60)), on: "towels")
        let dryerFree = clock.now() + 3600
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        return (socks, towels, dryerFree)
    }

    private var dryer: Dryer { Dryer(among: laundry.pets(), at: clock.now()) }

    private func wait(_ name: String) throws -> DryerWait? { dryer.wait(for: try laundry.pet(name)) }

    func test_aWashedLoadWaitsWhileAnotherPetsLoadIsInTheDryer() throws {
        let (_, towels, dryerFree) = try socksWashedWhileTowelsDry()
        XCTAssertEqual(try laundry.pet("socks").pet.cycle.stage, .washed)
        XCTAssertEqual(try wait("socks"), .busy(Dryer.Busy(petID: towels, until: dryerFree, at: clock.now())))
        XCTAssertNil(try wait("towels"), "the load in the dryer waits for nothing")
    }

    func test_theDryerIsReadFromTheFilesAsTheyAreUnsettled() throws {
        let (socks, _, _) = try socksWashedWhileTowelsDry()
        // The daemon reads records as written: Socks' wash still says washing, its end passed.
        let raw = try XCTUnwrap(laundry.load(socks).state)
        XCTAssertEqual(raw.pet.cycle.stage, .washing)
        XCTAssertEqual(dryer.wait(for: raw), try wait("socks"))
    }

    func test_aPausedDryerIsBusyWithNoEndKnown() throws {
        let (_, towels, _) = try socksWashedWhileTowelsDry()
        _ = try laundry.perform(.pause, on: "towels")
        XCTAssertEqual(try wait("socks"), .busy(Dryer.Busy(petID: towels, until: nil, at: clock.now())))
    }

    func test_aResumedDryerIsBusyUntilItsNewEnd() throws {
        let (_, towels, dryerFree) = try socksWashedWhileTowelsDry()
        _ = try laundry.perform(.pause, on: "towels")
        clock.advance(by: 600)
        _ = try laundry.perform(.resume, on: "towels")
        XCTAssertEqual(
            try wait("socks"), .busy(Dryer.Busy(petID: towels, until: dryerFree + 600, at: clock.now())))
    }

    func test_withTheDryerFreeAWashedLoadWaitsForNothing() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        XCTAssertNil(try wait("socks"))
        XCTAssertNil(dryer.busy)
    }

    func test_aCancelledDryerFreesItWithNothingToRemindOf() throws {
        _ = try socksWashedWhileTowelsDry()
        _ = try laundry.perform(.cancel, on: "towels")
        XCTAssertNil(try wait("socks"), "its reminders go on as before")
    }

    func test_theDryersEndFreesItForTheLoadThatWaited() throws {
        let (_, _, dryerFree) = try socksWashedWhileTowelsDry()
        clock.set(dryerFree + 5)
        XCTAssertEqual(try wait("socks"), .freed(at: dryerFree, next: true))
        XCTAssertEqual(try laundry.pet("towels").pet.cycle.stage, .dried)
    }

    func test_theLoadThatWaitedLongestIsNextInLine() throws {
        let (socks, _, dryerFree) = try socksWashedWhileTowelsDry()
        try adopt("Sheets")
        _ = try laundry.perform(.wash(.minutes(1)), on: "sheets")
        clock.set(dryerFree + 5)
        XCTAssertEqual(dryer.nextInLine, socks)
        XCTAssertEqual(try wait("socks"), .freed(at: dryerFree, next: true))
        XCTAssertEqual(try wait("sheets"), .freed(at: dryerFree, next: false))
    }

    func test_aLoadWashedAfterTheDryerFreedNeverWaitedForIt() throws {
        let (_, _, dryerFree) = try socksWashedWhileTowelsDry()
        clock.set(dryerFree + 5)
        try adopt("Sheets")
        _ = try laundry.perform(.wash(.minutes(1)), on: "sheets")
        clock.advance(by: 60)
        XCTAssertNil(try wait("sheets"))
    }

    func test_noReminderIsDueWhileTheDryerIsBusy() throws {
        _ = try socksWashedWhileTowelsDry()
        let socks = try laundry.pet("socks")
        XCTAssertNotNil(Reminders.nextNag(for: socks, config: config), "without the dryer, one would be")
        XCTAssertNil(Reminders.nextNag(for: socks, config: config, dryer: dryer.wait(for: socks)))
    }

    func test_theFreedDryerRemindsOfTheNextLoadAtOnceEvenPastTheLimit() throws {
        let (socks, _, dryerFree) = try socksWashedWhileTowelsDry()
        var view = try laundry.pet("socks")
        for _ in 0..<config.nagLimit {
            view = try laundry.recordAnnouncement(finishedTimer: nil, nagged: true, at: clock.now(), settled: view)
        }
        clock.set(dryerFree + 5)
        var state = try XCTUnwrap(laundry.load(socks).state)
        StageMachine.settle(&state, at: clock.now())
        let wait = dryer.wait(for: state)
        XCTAssertEqual(Reminders.nextNag(for: state, config: config, dryer: wait), dryerFree)
        XCTAssertTrue(Reminders.remindsOfFreeDryer(state, dryer: wait))
        XCTAssertNil(Reminders.nextNag(for: state, config: config), "the limit alone would hold it")
    }

    func test_afterTheDryersNewsTheRemindersGoOnAnIntervalApart() throws {
        let (socks, _, dryerFree) = try socksWashedWhileTowelsDry()
        clock.set(dryerFree + 5)
        var view = try XCTUnwrap(laundry.load(socks).state)
        StageMachine.settle(&view, at: clock.now())
        view = try laundry.recordAnnouncement(finishedTimer: nil, nagged: true, at: clock.now(), settled: view)
        let wait = dryer.wait(for: view)
        XCTAssertFalse(Reminders.remindsOfFreeDryer(view, dryer: wait), "told once")
        XCTAssertEqual(
            Reminders.nextNag(for: view, config: config, dryer: wait), clock.now() + config.nagInterval)
    }

    func test_theOtherWaitingLoadsAreRemindedAnIntervalAfterTheDryerFreed() throws {
        let (_, _, dryerFree) = try socksWashedWhileTowelsDry()
        try adopt("Sheets")
        _ = try laundry.perform(.wash(.minutes(1)), on: "sheets")
        clock.set(dryerFree + 5)
        let sheets = try laundry.pet("sheets")
        let wait = dryer.wait(for: sheets)
        XCTAssertFalse(Reminders.remindsOfFreeDryer(sheets, dryer: wait))
        XCTAssertEqual(
            Reminders.nextNag(for: sheets, config: config, dryer: wait), dryerFree + config.nagInterval,
            "not all at once: the first load goes in first")
    }

    func test_theDryerIsReadForOnePetShownOnItsOwn() throws {
        let (_, towels, dryerFree) = try socksWashedWhileTowelsDry()
        let socks = try laundry.pet("socks")
        XCTAssertEqual(
            laundry.dryer(for: [socks])?.wait(for: socks),
            .busy(Dryer.Busy(petID: towels, until: dryerFree, at: clock.now())))
        XCTAssertNil(laundry.dryer(for: [try laundry.pet("towels")]), "nothing wet shown: nothing read")
    }
}
