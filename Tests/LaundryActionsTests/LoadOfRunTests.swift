import Foundation
import LaundryActions
import LaundryCore
import XCTest

/// Which load a washer's or dryer's run belongs to, as `loads` names it: one answer for hooks and `list --json`.
final class LoadOfRunTests: LaundryTestCase {
    /// Socks washed and in the dryer: the wash's run and the dryer's.
    private func washAndDry() throws -> (wash: Load, dryer: Load) {
        try adopt("Socks")
        let wash = try XCTUnwrap(try laundry.perform(.wash(.minutes(45)), on: "socks").load)
        clock.advance(by: 2700 + 60)
        let dryer = try XCTUnwrap(try laundry.perform(.dry(.minutes(60)), on: "socks").load)
        return (wash, dryer)
    }

    func test_aWashsRunIsItsLoadAndADryersBelongsToTheWashsLoad() throws {
        let (wash, dryer) = try washAndDry()
        XCTAssertNotEqual(dryer.id, wash.id, "a dryer's run has its own id")
        XCTAssertEqual(laundry.loadID(ofRun: wash), wash.id)
        XCTAssertEqual(laundry.loadID(ofRun: dryer), wash.id)
        XCTAssertEqual(try laundry.loads("socks").first?.load.id, wash.id, "as loads names it")
    }

    /// `loads` with a query does not find a released pet; its runs still name their load.
    func test_aReleasedPetsDryerRunStillNamesItsLoad() throws {
        let (wash, dryer) = try washAndDry()
        _ = try laundry.release("socks")
        XCTAssertEqual(laundry.loadID(ofRun: dryer), wash.id)
    }

    /// The second load's dryer belongs to the second load, not the first.
    func test_aDryerRunBelongsToItsOwnLoadAmongSeveral() throws {
        let (_, firstDryer) = try washAndDry()
        clock.advance(by: 3600)
        _ = try laundry.perform(.fold, on: "socks")
        clock.advance(by: 86_400)
        let second = try XCTUnwrap(try laundry.perform(.wash(.minutes(45)), on: "socks").load)
        clock.advance(by: 2700 + 60)
        let secondDryer = try XCTUnwrap(try laundry.perform(.dry(.minutes(60)), on: "socks").load)
        XCTAssertEqual(laundry.loadID(ofRun: secondDryer), second.id)
        XCTAssertNotEqual(laundry.loadID(ofRun: firstDryer), second.id)
    }

    func test_aRunOfAPetNoMachineKnowsBelongsToNoLoad() {
        let stray = Load(petID: UUID(), kind: .dry, startedAt: start, duration: .minutes(30))
        XCTAssertNil(laundry.loadID(ofRun: stray))
    }
}
