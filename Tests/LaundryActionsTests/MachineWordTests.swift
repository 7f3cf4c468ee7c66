import Foundation
import LaundryActions
import LaundryCore
import XCTest

/// A washer's own word (through Home Assistant) on the load it runs: its end, its overrun, its finish, its door.
final class MachineWordTests: LaundryTestCase {
    func test_theMachinesEndReplacesLaundrysGuessAndHoldsTheLoadWhileItRuns() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(nil), on: "Socks")
        let guess = try currentLoad("Socks").endsAt
        let said = start.addingTimeInterval(97 * 60)
        let state = try XCTUnwrap(try laundry.machineEnd(.washer, endsAt: said))
        XCTAssertEqual(state.pet.identity.name, "Socks")
        let load = try currentLoad("Socks")
        XCTAssertNotEqual(guess, said)
        XCTAssertEqual(load.endsAt, said)
        XCTAssertEqual(load.followedBy, .washer)
        XCTAssertEqual(load.plannedSeconds, 97 * 60, accuracy: 0.001)
        // Its own end passed, no word since: the clock does not end it within the lease.
        clock.advance(by: 97 * 60 + 60)
        XCTAssertEqual(try laundry.pet("Socks").pet.cycle.stage, .washing)
        XCTAssertFalse(try historyKinds("Socks").contains(.washDone))
        // The daemon that followed it went away: the lease runs out and laundry's own timer ends it.
        clock.advance(by: StageMachine.machineLeaseSeconds)
        XCTAssertEqual(try laundry.pet("Socks").pet.cycle.stage, .washed)
    }

    func test_theMachineFinishingEndsTheLoadNowEvenPausedAndNamesTheMachine() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(60)), on: "Socks")
        clock.advance(by: 10 * 60)
        XCTAssertNotNil(try laundry.machinePaused(.washer))
        XCTAssertTrue(try currentLoad("Socks").isPaused)
        XCTAssertNotNil(try laundry.machineFinished(.washer))
        XCTAssertEqual(try laundry.pet("Socks").pet.cycle.stage, .washed)
        let done = try XCTUnwrap(try newest(.washDone, of: "Socks"))
        XCTAssertEqual(done.at, clock.now())
        XCTAssertEqual(done.detail, .stoppedBy(.washer))
        XCTAssertNil(try laundry.machineFinished(.washer), "nothing of its kind runs any more")
    }

    func test_whenTheMachineGoesSilentItsLoadFallsBackToLaundrysTimer() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(60)), on: "Socks")
        _ = try laundry.machineEnd(.washer, endsAt: start.addingTimeInterval(70 * 60))
        clock.advance(by: 71 * 60)
        XCTAssertEqual(try laundry.pet("Socks").pet.cycle.stage, .washing, "held while the machine runs")
        XCTAssertNotNil(try laundry.machineLost(.washer))
        XCTAssertEqual(try laundry.pet("Socks").pet.cycle.stage, .washed, "its own end passed: done at it")
        XCTAssertEqual(try newest(.washDone, of: "Socks")?.at, start.addingTimeInterval(70 * 60))
    }

    func test_theDoorOpeningAfterTheFinishTakesTheLoadOutAndEndsItsReminders() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(30)), on: "Socks")
        XCTAssertNil(try laundry.doorOpened(.washer), "opened while it runs: nothing")
        XCTAssertNil(try laundry.doorOpened(.dryer))
        clock.advance(by: 31 * 60)
        let state = try XCTUnwrap(try laundry.doorOpened(.washer))
        XCTAssertEqual(state.finishedLoad?.unloadedAt, clock.now())
        XCTAssertNil(Reminders.nextNag(for: try laundry.pet("Socks"), config: .defaults))
        let unloaded = try XCTUnwrap(try newest(.unloaded, of: "Socks"))
        XCTAssertEqual(unloaded.detail, .door(.washer))
        XCTAssertEqual(unloaded.by, nil, "no one's doing")
        XCTAssertNil(try laundry.doorOpened(.washer), "once")
        XCTAssertEqual(try laundry.pet("Socks").pet.cycle.stage, .washed, "still to be dried or hung")
    }

    func test_learnedLengthsLearnFromTheMachinesRealRuns() throws {
        let socks = try adopt("Socks")
        for _ in 0..<3 {
            _ = try laundry.perform(.wash(nil), on: "Socks")
            clock.advance(by: 20 * 60)
            _ = try laundry.machineEnd(.washer, endsAt: clock.now().addingTimeInterval(80 * 60))
            clock.advance(by: 80 * 60)
            _ = try laundry.machineFinished(.washer)
            _ = try laundry.perform(.fold, on: "Socks")
            clock.advance(by: 3600)
        }
        let learned = try XCTUnwrap(laundry.learned(socks.id).wash)
        XCTAssertEqual(learned.seconds, 100 * 60, accuracy: 60)
    }

    func test_aRunsEnergyIsOneMeasureHoweverManyDaemonsWriteIt() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(60)), on: "Socks")
        clock.advance(by: 60 * 60)
        let use = HistoryDetail.EnergyUse(appliance: .washer, wattHours: 850)
        for _ in 0..<2 {
            XCTAssertNotNil(try laundry.recordEnergy(.washer, from: start, to: clock.now(), use))
        }
        XCTAssertEqual(try historyKinds("Socks").filter { $0 == .energyMeasured }.count, 1)
    }
}
