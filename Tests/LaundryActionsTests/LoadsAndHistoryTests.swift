import Foundation
import LaundryActions
import LaundryCore
import XCTest

/// Loads (derived from history: steps, waits, how each ended) and the history itself, newest first; plugs that say an
/// appliance stopped, and what it drew.
final class LoadsAndHistoryTests: LaundryTestCase {
    func test_aLoadRecordsItsWashDryerAndFold() throws {
        try adopt("Socks")
        let wash = try XCTUnwrap(try laundry.perform(.wash(.minutes(45)), on: "socks").load)
        clock.advance(by: 2700 + 600)
        let dryer = try XCTUnwrap(try laundry.perform(.dry(.minutes(60)), on: "socks").load)
        clock.advance(by: 3600 + 300)
        _ = try laundry.perform(.fold, on: "socks")
        let load = try XCTUnwrap(try laundry.loads("socks").first?.load)
        XCTAssertEqual(load.id, wash.id)
        XCTAssertEqual(load.wash.started, start)
        XCTAssertEqual(load.wash.ended, start.addingTimeInterval(2700))
        XCTAssertEqual(load.dryer?.loadID, dryer.id)
        XCTAssertEqual(load.dryer?.ended, start.addingTimeInterval(2700 + 600 + 3600))
        XCTAssertEqual(load.end, .folded)
        XCTAssertEqual(load.endedAt, clock.now())
        XCTAssertEqual(load.wetWait(at: clock.now()), 600)
        XCTAssertEqual(load.foldWait(at: clock.now()), 300)
    }

    func test_aLoadStillWetIsOpenAndItsWaitRunsOn() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        clock.advance(by: 2700 + 900)
        let load = try XCTUnwrap(try laundry.loads("socks").first?.load)
        XCTAssertNil(load.end)
        XCTAssertEqual(load.wetWait(at: clock.now()), 900)
    }

    func test_loadsAreNewestFirstAndALimitKeepsTheNewest() throws {
        try adopt("Socks")
        let first = try XCTUnwrap(try laundry.perform(.wash(.minutes(1)), on: "socks").load)
        clock.advance(by: 60)
        _ = try laundry.perform(.fold, on: "socks")
        let second = try XCTUnwrap(try laundry.perform(.wash(.minutes(1)), on: "socks").load)
        XCTAssertEqual(try laundry.loads("socks").map(\.load.id), [second.id, first.id])
        XCTAssertEqual(try laundry.loads(nil, limit: 1).map(\.load.id), [second.id])
    }

    func test_aCancelledWashEndsItsLoadAsCancelled() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        clock.advance(by: 60)
        _ = try laundry.perform(.cancel, on: "socks")
        let load = try XCTUnwrap(try laundry.loads("socks").first?.load)
        XCTAssertEqual(load.end, .cancelled)
        XCTAssertTrue(load.isAbandoned)
        XCTAssertNil(load.wash.ended)
    }

    func test_aCancelledDryerLeavesTheLoadWetAndOpen() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        _ = try laundry.perform(.dry(nil), on: "socks")
        clock.advance(by: 60)
        _ = try laundry.perform(.cancel, on: "socks")
        let loads = try laundry.loads("socks")
        XCTAssertEqual(loads.count, 1)
        XCTAssertNil(loads.first?.load.dryer)
        XCTAssertNil(loads.first?.load.end)
    }

    func test_aLoadIsFoundByAPrefixOfItsIDOfFourDigitsOrMore() throws {
        try adopt("Socks")
        let load = try XCTUnwrap(try laundry.perform(.wash(nil), on: "socks").load)
        let text = load.id.lowercasedText
        XCTAssertEqual(try laundry.load(idPrefix: String(text.prefix(8)).uppercased())?.load.id, load.id)
        XCTAssertNil(try laundry.load(idPrefix: String(text.prefix(3))))
        XCTAssertNil(try laundry.load(idPrefix: "socks"), "not hex")
    }

    func test_historyIsNewestFirstAndALimitKeepsTheNewest() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        _ = try laundry.perform(.fold, on: "socks")
        let kinds = try laundry.history("socks", limit: 2).map(\.event.event)
        XCTAssertEqual(kinds, [.folded, .washDone])
    }

    func test_theHistoryOfAllPetsHoldsEachPetsEvents() throws {
        let socks = try adopt("Socks")
        clock.advance(by: 1)
        let shirts = try adopt("Shirts")
        let all = try laundry.history(nil, limit: nil)
        XCTAssertEqual(all.map(\.pet.id), [shirts.id, socks.id])
        XCTAssertEqual(all.map(\.event.event), [.adopted, .adopted])
    }

    func test_adoptionIsInHistoryWithTheKind() throws {
        _ = try laundry.adopt(PetSettings(name: try PetName("Duvet"), kind: "sheets"))
        let adopted = try XCTUnwrap(try newest(.adopted, of: "Duvet"))
        XCTAssertEqual(adopted.detail, .kind("sheets"))
        XCTAssertEqual(adopted.at, start)
    }

    func test_aPlugThatSaysTheWasherStoppedEndsItsWashNow() throws {
        let pet = try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        clock.advance(by: 1200)
        let state = try XCTUnwrap(try laundry.applianceStopped(.washer))
        XCTAssertEqual(state.pet.id, pet.id)
        XCTAssertEqual(state.pet.cycle.stage, .washed)
        XCTAssertEqual(try newest(.washDone, of: "Socks")?.detail, .stoppedBy(.washer))
        let load = try XCTUnwrap(try laundry.loads("socks").first?.load)
        XCTAssertEqual(load.wash.ended, clock.now())
        XCTAssertTrue(load.wash.endedByAppliance)
    }

    func test_aPlugThatSaysTheDryerStoppedLeavesAWashRunning() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        let before = written()
        XCTAssertNil(try laundry.applianceStopped(.dryer))
        XCTAssertEqual(written(), before)
        XCTAssertEqual(try laundry.pet("socks").pet.cycle.stage, .washing)
    }

    func test_theWasherThatStoppedEndsTheWashThatEndsSoonest() throws {
        try adopt("Shirts")
        let socks = try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "shirts")
        _ = try laundry.perform(.wash(.minutes(30)), on: "socks")
        clock.advance(by: 600)
        XCTAssertEqual(try laundry.applianceStopped(.washer)?.pet.id, socks.id)
        XCTAssertEqual(try laundry.pet("shirts").pet.cycle.stage, .washing)
    }

    func test_energyMeasuredIsKeptOnTheRunItOverlaps() throws {
        let pet = try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        clock.advance(by: 2700)
        let use = HistoryDetail.EnergyUse(appliance: .washer, wattHours: 650, cost: 0.2, currency: "EUR")
        let measured = try laundry.recordEnergy(
            .washer, from: start.addingTimeInterval(60), to: start.addingTimeInterval(2640), use)
        XCTAssertEqual(measured?.id, pet.id)
        let load = try XCTUnwrap(try laundry.loads("socks").first?.load)
        XCTAssertEqual(load.washEnergyWh, 650)
        XCTAssertNil(load.dryEnergyWh)
        XCTAssertEqual(try newest(.energyMeasured, of: "Socks")?.at, start.addingTimeInterval(2640))
    }

    func test_energyOverlappingNoRunIsNotRecorded() throws {
        try adopt("Socks")
        let before = written()
        let use = HistoryDetail.EnergyUse(appliance: .washer, wattHours: 650)
        XCTAssertNil(try laundry.recordEnergy(.washer, from: start, to: start.addingTimeInterval(600), use))
        XCTAssertEqual(written(), before)
    }

    func test_theLikelyOwnersOfAWasherJustStartedAreTheIdlePetsMostOverdueFirst() throws {
        let fresh = try adopt("Fresh")
        let overdue = try laundry.adopt(
            PetSettings(name: try PetName("Overdue"), lastWashed: start.addingTimeInterval(-4 * 86_400))
        ).pet
        try adopt("Busy")
        _ = try laundry.perform(.wash(nil), on: "busy")
        XCTAssertEqual(laundry.likelyOwners(of: .washer).map(\.id), [overdue.id, fresh.id])
    }
}
