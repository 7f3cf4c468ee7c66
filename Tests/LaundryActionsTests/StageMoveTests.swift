import Foundation
import LaundryActions
import LaundryCore
import XCTest

/// The cycle's stages and the moves each allows: idle → washing → washed → (drying → dried →) idle.
final class StageMoveTests: LaundryTestCase {
    func test_aWashWithoutForUsesTheKindsLength() throws {
        try adopt("Socks")
        let state = try laundry.perform(.wash(nil), on: "socks")
        XCTAssertEqual(state.pet.cycle.stage, .washing)
        XCTAssertEqual(state.load?.kind, .wash)
        XCTAssertEqual(state.load?.plannedSeconds, 2700, "clothes wash for 45 minutes (data/kinds.json)")
        XCTAssertEqual(state.load?.endsAt, start.addingTimeInterval(2700))
    }

    func test_aWashWithoutForUsesTheLengthSetAtAdoption() throws {
        _ = try laundry.adopt(PetSettings(name: try PetName("Socks"), washDuration: .minutes(20)))
        let state = try laundry.perform(.wash(nil), on: "socks")
        XCTAssertEqual(state.load?.plannedSeconds, 1200)
    }

    func test_aWashWithoutForUsesItsOwnKindsLength() throws {
        _ = try laundry.adopt(PetSettings(name: try PetName("Duvet"), kind: "sheets"))
        let state = try laundry.perform(.wash(nil), on: "duvet")
        XCTAssertEqual(state.pet.identity.kind, "sheets")
        XCTAssertEqual(state.load?.plannedSeconds, 3600, "sheets wash for an hour (data/kinds.json)")
    }

    func test_aWashForALengthEndsThenAndHistoryKeepsTheLength() throws {
        try adopt("Socks")
        let state = try laundry.perform(.wash(.minutes(30)), on: "socks")
        XCTAssertEqual(state.load?.endsAt, start.addingTimeInterval(1800))
        let started = try XCTUnwrap(try newest(.washStarted, of: "Socks"))
        XCTAssertEqual(started.detail, .length(seconds: 1800, programme: nil))
        XCTAssertEqual(started.loadID, state.load?.id)
    }

    func test_theWashIsWashedOnlyOnceItsTimeIsUp() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(30)), on: "socks")
        clock.advance(by: 1799)
        XCTAssertEqual(try laundry.pet("socks").pet.cycle.stage, .washing)
        clock.advance(by: 1)
        XCTAssertEqual(try laundry.pet("socks").pet.cycle.stage, .washed)
    }

    func test_aDryerWithoutForUsesThePetsDryLength() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        let state = try laundry.perform(.dry(nil), on: "socks")
        XCTAssertEqual(state.pet.cycle.stage, .drying)
        XCTAssertEqual(state.load?.kind, .dry)
        XCTAssertEqual(state.load?.plannedSeconds, 3600, "clothes dry for an hour (data/kinds.json)")
    }

    func test_aFullCycleWritesEachStepInOrder() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        _ = try laundry.perform(.dry(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        let folded = try laundry.perform(.fold, on: "socks")
        XCTAssertEqual(folded.pet.cycle.stage, .idle)
        XCTAssertNil(folded.load)
        XCTAssertEqual(
            try historyKinds("Socks"), [.adopted, .washStarted, .washDone, .dryStarted, .dryDone, .folded])
    }

    func test_foldingStraightAfterTheWashAirDriesTheLoad() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        let folded = try laundry.perform(.fold, on: "socks")
        XCTAssertEqual(folded.pet.cycle.stage, .idle)
        XCTAssertEqual(folded.pet.cycle.totalCycles, 1)
        let load = try XCTUnwrap(try laundry.loads("socks").first?.load)
        XCTAssertTrue(load.isAirDried)
        XCTAssertNil(load.dryer)
    }

    func test_extraDryingIsTenMinutesAfterTheDryerAndEndsDried() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        _ = try laundry.perform(.dry(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        let more = try laundry.perform(.moreDry(nil), on: "socks")
        XCTAssertEqual(more.pet.cycle.stage, .drying)
        XCTAssertEqual(more.load?.kind, .extraDry)
        XCTAssertEqual(more.load?.plannedSeconds, 600)
        clock.advance(by: 600)
        XCTAssertEqual(try laundry.pet("socks").pet.cycle.stage, .dried)
        XCTAssertEqual(try historyKinds("Socks").suffix(2), [.extraDryStarted, .extraDryDone])
    }

    func test_cancellingAWashReturnsToIdleWithTheTimeItHadLeft() throws {
        try adopt("Socks")
        let load = try XCTUnwrap(try laundry.perform(.wash(.minutes(30)), on: "socks").load)
        clock.advance(by: 600)
        let cancelled = try laundry.perform(.cancel, on: "socks")
        XCTAssertEqual(cancelled.pet.cycle.stage, .idle)
        XCTAssertNil(cancelled.load)
        let event = try XCTUnwrap(try newest(.cancelled, of: "Socks"))
        XCTAssertEqual(event.loadID, load.id)
        XCTAssertEqual(event.detail, .remaining(seconds: 1200, timer: .wash))
    }

    func test_cancellingTheDryerReturnsToWashed() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        _ = try laundry.perform(.dry(nil), on: "socks")
        clock.advance(by: 60)
        let cancelled = try laundry.perform(.cancel, on: "socks")
        XCTAssertEqual(cancelled.pet.cycle.stage, .washed)
        XCTAssertEqual(cancelled.pet.cycle.totalCycles, 0)
    }

    func test_aButtonPressedForSomeoneMarksTheLoadAsTheirs() throws {
        let pet = try adopt("Socks")
        let state = try laundry.perform(.wash(nil), onPet: pet.id, by: Person("Ben"))
        XCTAssertEqual(state.load?.startedBy, Person("Ben"))
        XCTAssertEqual(try laundry.loads("socks").first?.load.startedBy, Person("Ben"))
    }

    func test_aPetIsFoundByAUniquePrefixOfItsNameInAnyCase() throws {
        let socks = try adopt("Socks")
        try adopt("Shirts")
        XCTAssertEqual(try laundry.pet("SOC").pet.id, socks.id)
    }

    func test_aPetIsFoundByThe8FirstDigitsOfItsID() throws {
        let socks = try adopt("Socks")
        try adopt("Shirts")
        XCTAssertEqual(try laundry.pet(String(socks.id.lowercasedText.prefix(8))).pet.id, socks.id)
    }
}
