import Foundation
import LaundryActions
import LaundryCore
import LaundryStore
import XCTest

/// The household: its people (each machine's), the rotation and whose turn the next load is, and nudges.
/// This machine's person is Ana (config.json); Ben's and Chloe's machines have written their machine files.
final class TurnsAndNudgeTests: LaundryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try useConfig(#"{"person": "Ana"}"#)
        try laundry.prepareToWrite()
        try storage.writeMachineFile(
            MachineFile.here(device: "bbbb000000000002", person: "Ben"), device: "bbbb000000000002")
        try storage.writeMachineFile(
            MachineFile.here(device: "cccc000000000003", person: "Chloe"), device: "cccc000000000003")
    }

    private func wash(_ pet: Pet, by person: String) throws {
        _ = try laundry.perform(.wash(.minutes(1)), onPet: pet.id, by: Person(person))
        clock.advance(by: 60)
        _ = try laundry.perform(.fold, onPet: pet.id, by: Person(person))
        clock.advance(by: 60)
    }

    func test_thePeopleAreEveryMachinesPersonSortedAndOnce() throws {
        try storage.writeMachineFile(
            MachineFile.here(device: "dddd000000000004", person: "ben"), device: "dddd000000000004")
        XCTAssertEqual(laundry.people(), [Person("Ana"), Person("Ben"), Person("Chloe")])
        XCTAssertEqual(laundry.household().people.count, 3)
    }

    func test_withoutARotationItIsNoOnesTurn() throws {
        let household = laundry.household()
        XCTAssertEqual(household.turns, [])
        XCTAssertNil(household.next)
    }

    func test_aNewRotationStartsWithItsFirstPerson() throws {
        let household = try laundry.setTurns(["Chloe", "Ana", "Ben"])
        XCTAssertEqual(household.turns, [Person("Chloe"), Person("Ana"), Person("Ben")])
        XCTAssertEqual(household.next, Person("Chloe"))
    }

    func test_aLoadStartedByOneInTheRotationMakesItTheNextOnesTurn() throws {
        try adopt("Socks")
        _ = try laundry.setTurns(["Ana", "Ben", "Chloe"])
        clock.advance(by: 1)
        _ = try laundry.perform(.wash(nil), on: "socks")
        XCTAssertEqual(laundry.nextTurn().next, Person("Ben"), "Ana, this machine's person, started it")
    }

    func test_theRotationWrapsAroundAfterItsLastPerson() throws {
        let pet = try adopt("Socks")
        _ = try laundry.setTurns(["Ana", "Ben", "Chloe"])
        clock.advance(by: 1)
        try wash(pet, by: "Ben")
        try wash(pet, by: "Chloe")
        XCTAssertEqual(laundry.nextTurn().next, Person("Ana"))
    }

    func test_theLastLoadStartedDecidesNotTheCount() throws {
        let pet = try adopt("Socks")
        _ = try laundry.setTurns(["Ana", "Ben", "Chloe"])
        clock.advance(by: 1)
        try wash(pet, by: "Chloe")
        try wash(pet, by: "Ana")
        XCTAssertEqual(laundry.nextTurn().next, Person("Ben"))
    }

    func test_loadsStartedBeforeTheRotationWasSetDoNotCount() throws {
        let pet = try adopt("Socks")
        try wash(pet, by: "Ana")
        _ = try laundry.setTurns(["Ana", "Ben", "Chloe"])
        XCTAssertEqual(laundry.nextTurn().next, Person("Ana"))
    }

    func test_loadsStartedBySomeoneOutsideTheRotationDoNotMoveIt() throws {
        let pet = try adopt("Socks")
        _ = try laundry.setTurns(["Ana", "Ben"])
        clock.advance(by: 1)
        try wash(pet, by: "Ana")
        try wash(pet, by: "Chloe")
        XCTAssertEqual(laundry.nextTurn().next, Person("Ben"))
    }

    func test_aRotationNamingSomeoneTwiceInAnyCaseIsRefusedAndWritesNothing() throws {
        let before = written()
        let error = thrownError { try laundry.setTurns(["Ana", "Ben", "ana"]) }
        guard case .personTwice("ana")? = error as? PetError else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(written(), before)
    }

    /// A rotation names machines' people only (a turn's reminder goes to their machines first, a nudge to theirs
    /// only); in any case, kept as the machine spells it. Refused, it names the people and writes nothing.
    func test_aRotationNamingSomeoneNoMachineNamesIsRefusedAndWritesNothing() throws {
        let before = written()
        let error = thrownError { try laundry.setTurns(["Ana", "Zed"]) }
        guard case .nobodyCalled("Zed", let known)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(known, ["Ana", "Ben", "Chloe"])
        XCTAssertEqual(written(), before)
        XCTAssertEqual(try laundry.setTurns(["chloe", "ANA"]).turns.map(\.name), ["Chloe", "Ana"])
    }

    func test_aRotationWithABlankNameIsRefused() throws {
        let error = thrownError { try laundry.setTurns(["Ana", " "]) }
        guard case .notAPersonName(" ")? = error as? PetError else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(laundry.nextTurn().turns, [])
    }

    func test_anEmptyRotationEndsTheRotation() throws {
        _ = try laundry.setTurns(["Ana", "Ben"])
        clock.advance(by: 1)
        let household = try laundry.setTurns([])
        XCTAssertEqual(household.turns, [])
        XCTAssertNil(household.next)
    }

    func test_aNudgeIsKeptOnThePetAndInItsHistory() throws {
        try adopt("Socks")
        let (pet, nudge) = try laundry.nudge("ben", about: "socks")
        XCTAssertEqual(nudge.to, Person("Ben"))
        XCTAssertEqual(nudge.by, Person("Ana"))
        XCTAssertEqual(nudge.at, start)
        XCTAssertNil(nudge.load, "an idle pet: about a wash to start")
        XCTAssertEqual(pet.reminders.nudge, nudge)
        let event = try XCTUnwrap(try newest(.nudged, of: "Socks"))
        XCTAssertEqual(event.detail, .nudged(to: "Ben"))
        XCTAssertEqual(event.by, Person("Ana"))
    }

    func test_aNudgeToSomeoneNoMachineNamesIsRefused() throws {
        try adopt("Socks")
        let before = written()
        let error = thrownError { try laundry.nudge("Zed", about: "socks") }
        guard case .nobodyCalled("Zed", let known)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(known, ["Ana", "Ben", "Chloe"])
        XCTAssertEqual(written(), before)
    }

    func test_aSecondNudgeAboutTheSameLoadWithinTheHourIsRefusedAndWritesNothing() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(nil), on: "socks")
        let first = try laundry.nudge("Ben", about: "socks").nudge
        clock.advance(by: 3599)
        let before = written()
        let error = thrownError { try laundry.nudge("Chloe", about: "socks") }
        guard case .nudgedTooSoon("Socks", let allowed)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(allowed, first.at.addingTimeInterval(3600))
        XCTAssertEqual(written(), before)
    }

    func test_aNudgeAnHourLaterIsAllowed() throws {
        try adopt("Socks")
        _ = try laundry.nudge("Ben", about: "socks")
        clock.advance(by: 3600)
        XCTAssertEqual(try laundry.nudge("Ben", about: "socks").nudge.at, clock.now())
    }

    func test_aNudgeAboutANewLoadIsAllowedWithinTheHour() throws {
        try adopt("Socks")
        _ = try laundry.nudge("Ben", about: "socks")
        let load = try XCTUnwrap(try laundry.perform(.wash(nil), on: "socks").load)
        XCTAssertEqual(try laundry.nudge("Ben", about: "socks").nudge.load, load.id)
    }

    func test_aNudgeAboutNoPetIsAboutTheLoadThatHasWaitedLongest() throws {
        try adopt("Shirts")
        let socks = try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(30)), on: "shirts")
        _ = try laundry.perform(.wash(.minutes(10)), on: "socks")
        clock.advance(by: 3600)
        let (pet, nudge) = try laundry.nudge("Ben", about: nil)
        XCTAssertEqual(pet.id, socks.id, "done 20 minutes before the shirts")
        XCTAssertEqual(nudge.load, try currentLoad("socks").id)
    }

    func test_aNudgeAboutNoPetWithNoLoadWaitingIsAboutTheLeastHealthy() throws {
        try adopt("Shirts")
        let socks = try laundry.adopt(
            PetSettings(name: try PetName("Socks"), lastWashed: start.addingTimeInterval(-3 * 86_400))
        ).pet
        XCTAssertEqual(try laundry.nudge("Ben", about: nil).pet.id, socks.id)
    }

    func test_aNudgeWithoutAnyPetIsRefused() throws {
        let error = thrownError { try laundry.nudge("Ben", about: nil) }
        guard case .noPets? = error as? PetError else { return XCTFail("\(String(describing: error))") }
    }
}
