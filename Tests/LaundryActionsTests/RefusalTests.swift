import Foundation
import LaundryActions
import LaundryCore
import LaundryStore
import XCTest

/// What the stages refuse, each refusal a fact (the move, the stage, the time left) and none writing anything.
final class RefusalTests: LaundryTestCase {
    func test_foldingBeforeTheWashIsRefusedAndWritesNothing() throws {
        try adopt("Socks")
        let before = written()
        let error = thrownError { try laundry.perform(.fold, on: "socks") }
        guard case .illegalMove(.fold, let pet, .idle, let left)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(pet, "Socks")
        XCTAssertNil(left)
        XCTAssertEqual(written(), before)
        XCTAssertEqual(try historyKinds("Socks"), [.adopted])
    }

    func test_dryingBeforeTheWashIsRefusedAndWritesNothing() throws {
        try adopt("Socks")
        let before = written()
        let error = thrownError { try laundry.perform(.dry(nil), on: "socks") }
        guard case .illegalMove(.dry, _, .idle, _)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(written(), before)
    }

    func test_aSecondWashWhileWashingIsRefusedWithTheTimeLeft() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        clock.advance(by: 600)
        let before = written()
        let error = thrownError { try laundry.perform(.wash(.minutes(10)), on: "socks") }
        guard case .illegalMove(.wash, _, .washing, let left)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(left, 2100)
        XCTAssertEqual(written(), before)
        XCTAssertEqual(try currentLoad("socks").plannedSeconds, 2700, "the first wash goes on")
    }

    func test_foldingWhileTheDryerRunsIsRefused() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        _ = try laundry.perform(.dry(.minutes(60)), on: "socks")
        let before = written()
        let error = thrownError { try laundry.perform(.fold, on: "socks") }
        guard case .illegalMove(.fold, _, .drying, let left)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(left, 3600)
        XCTAssertEqual(written(), before)
    }

    func test_extraDryingBeforeTheDryerIsRefused() throws {
        try adopt("Socks")
        let before = written()
        let error = thrownError { try laundry.perform(.moreDry(nil), on: "socks") }
        guard case .illegalMove(.moreDry, _, .idle, _)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(written(), before)
    }

    func test_aMoveOnAPausedLoadIsRefusedAsPausedWithItsTimeLeft() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        clock.advance(by: 900)
        _ = try laundry.perform(.pause, on: "socks")
        clock.advance(by: 3600)
        let before = written()
        let error = thrownError { try laundry.perform(.fold, on: "socks") }
        guard case .pausedTimer(.fold, _, .washing, let left)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(left, 1800, "paused with 30 minutes to go, however long ago")
        XCTAssertEqual(written(), before)
    }

    func test_pausingAPausedLoadIsRefused() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        _ = try laundry.perform(.pause, on: "socks")
        let before = written()
        let error = thrownError { try laundry.perform(.pause, on: "socks") }
        guard case .alreadyPaused(let pet)? = error as? PetError else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(pet, "Socks")
        XCTAssertEqual(written(), before)
    }

    func test_resumingALoadThatRunsIsRefusedAsNotPaused() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        let before = written()
        let error = thrownError { try laundry.perform(.resume, on: "socks") }
        guard case .notPaused(let pet)? = error as? PetError else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(pet, "Socks")
        XCTAssertEqual(written(), before)
    }

    func test_resumingWithNothingRunningIsRefusedAsIllegal() throws {
        try adopt("Socks")
        let error = thrownError { try laundry.perform(.resume, on: "socks") }
        guard case .illegalMove(.resume, _, .idle, nil)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
    }

    func test_cancellingWithNothingRunningIsRefusedAndWritesNothing() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        let before = written()
        let error = thrownError { try laundry.perform(.cancel, on: "socks") }
        guard case .illegalMove(.cancel, _, .washed, _)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(written(), before)
    }

    func test_extendingOrFinishingWithNothingRunningIsRefused() throws {
        try adopt("Socks")
        let before = written()
        let extend = thrownError { try laundry.perform(.extend(seconds: 60), on: "socks") }
        guard case .illegalMove(.extend, _, .idle, _)? = extend as? PetError else {
            return XCTFail("\(String(describing: extend))")
        }
        let finish = thrownError { try laundry.perform(.finish, on: "socks") }
        guard case .illegalMove(.finish, _, .idle, _)? = finish as? PetError else {
            return XCTFail("\(String(describing: finish))")
        }
        XCTAssertEqual(written(), before)
    }

    func test_anUnknownPetIsRefusedWithTheNearestName() throws {
        try adopt("Socks")
        let before = written()
        let error = thrownError { try laundry.perform(.wash(nil), on: "Sokcs") }
        guard case .unknownPet("Sokcs", let suggestion)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(suggestion, "Socks")
        XCTAssertEqual(written(), before)
    }

    func test_aPrefixOfTwoNamesIsRefusedWithBoth() throws {
        try adopt("Socks")
        try adopt("Shirts")
        let error = thrownError { try laundry.perform(.wash(nil), on: "s") }
        guard case .ambiguousPet("s", let candidates)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(candidates, ["Shirts", "Socks"])
    }

    func test_aMoveWithoutAnyPetIsRefused() throws {
        let error = thrownError { try laundry.perform(.wash(nil), on: "socks") }
        guard case .noPets? = error as? PetError else { return XCTFail("\(String(describing: error))") }
    }

    func test_aButtonForAReleasedPetIsRefused() throws {
        let pet = try adopt("Socks")
        _ = try laundry.release("Socks")
        let before = written()
        let error = thrownError { try laundry.perform(.wash(nil), onPet: pet.id) }
        guard case .unknownPet(let query, _)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(query, pet.id.lowercasedText)
        XCTAssertEqual(written(), before)
    }

    func test_anUnknownKindIsRefusedAtAdoptionWithTheKnownOnes() throws {
        let error = thrownError { try laundry.adopt(PetSettings(name: try PetName("Robe"), kind: "robes")) }
        guard case .unknownKind("robes", let known)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(known.map(\.id), try Self.kinds().ids)
        XCTAssertEqual(laundry.pets().count, 0)
    }

    func test_anAdoptionWithoutANameIsRefused() throws {
        let error = thrownError { try laundry.adopt(PetSettings()) }
        guard case .invalidName("", .blank)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(written(), [:])
    }
}
