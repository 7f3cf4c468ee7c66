import Foundation
import LaundryActions
import LaundryCore
import LaundryStore
import XCTest

/// `laundry set` and `release`: names (unique without case), lengths, kind, learning, programmes; each change a fact
/// in history, and a change to what already is writes nothing.
final class SettingsChangeTests: LaundryTestCase {
    func test_aRenameChangesTheNameAndHistorySaysFromWhatToWhat() throws {
        let pet = try adopt("Socks")
        let renamed = try laundry.configure("socks", PetSettings(name: try PetName("Sox")))
        XCTAssertEqual(renamed.pet.identity.name, "Sox")
        XCTAssertEqual(try laundry.pet("sox").pet.id, pet.id)
        XCTAssertEqual(try newest(.renamed, of: "Sox")?.detail, .renamed(from: "Socks", to: "Sox"))
    }

    func test_aRenameToAnotherPetsNameInAnyCaseIsRefusedAndWritesNothing() throws {
        try adopt("Socks")
        try adopt("Shirts")
        let before = written()
        let error = thrownError { try laundry.configure("socks", PetSettings(name: try PetName("SHIRTS"))) }
        guard case .nameTaken(let existing)? = error as? StoreError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(existing, "Shirts")
        XCTAssertEqual(written(), before)
        XCTAssertEqual(try laundry.pet("socks").pet.identity.name, "Socks")
    }

    func test_adoptingANameTakenInAnyCaseIsRefused() throws {
        try adopt("Socks")
        let before = written()
        let error = thrownError { try adopt("sOCKS") }
        guard case .nameTaken("Socks")? = error as? StoreError else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(written(), before)
        XCTAssertEqual(laundry.pets().count, 1)
    }

    func test_aPetMayChangeTheCaseOfItsOwnName() throws {
        try adopt("Socks")
        let renamed = try laundry.configure("socks", PetSettings(name: try PetName("SOCKS")))
        XCTAssertEqual(renamed.pet.identity.name, "SOCKS")
        XCTAssertEqual(try newest(.renamed, of: "SOCKS")?.detail, .renamed(from: "Socks", to: "SOCKS"))
    }

    func test_aRenameToTheSameNameWritesNothing() throws {
        try adopt("Socks")
        let before = written()
        _ = try laundry.configure("socks", PetSettings(name: try PetName("Socks")))
        XCTAssertEqual(written(), before)
        XCTAssertEqual(try historyKinds("Socks"), [.adopted])
    }

    func test_aNewWashLengthIsTakenByTheNextWashWithoutFor() throws {
        try adopt("Socks")
        let changed = try laundry.configure("socks", PetSettings(washDuration: .minutes(30)))
        XCTAssertEqual(changed.pet.settings.washDuration, .minutes(30))
        XCTAssertEqual(
            try newest(.settingsChanged, of: "Socks")?.detail, .settings(.init(washSeconds: 1800)))
        XCTAssertEqual(try laundry.perform(.wash(nil), on: "socks").load?.plannedSeconds, 1800)
    }

    func test_aRunningLoadKeepsTheLengthItStartedWith() throws {
        try adopt("Socks")
        let load = try XCTUnwrap(try laundry.perform(.wash(nil), on: "socks").load)
        _ = try laundry.configure("socks", PetSettings(washDuration: .minutes(10)))
        XCTAssertEqual(try currentLoad("socks").endsAt, load.endsAt)
    }

    func test_changingTheKindKeepsTheLengthsSet() throws {
        try adopt("Socks")
        let changed = try laundry.configure("socks", PetSettings(kind: "sheets"))
        XCTAssertEqual(changed.pet.identity.kind, "sheets")
        XCTAssertEqual(changed.pet.settings.washDuration.seconds, 2700, "clothes' length, as set at adoption")
        XCTAssertEqual(try newest(.settingsChanged, of: "Socks")?.detail, .settings(.init(kind: "sheets")))
    }

    func test_anUnknownKindIsRefusedAndWritesNothing() throws {
        try adopt("Socks")
        let before = written()
        let error = thrownError { try laundry.configure("socks", PetSettings(kind: "robes")) }
        guard case .unknownKind("robes", _)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(written(), before)
    }

    func test_turningLearningOffIsInHistoryAndTurningItOffAgainWritesNothing() throws {
        try adopt("Socks")
        let off = try laundry.configure("socks", PetSettings(learns: false))
        XCTAssertFalse(off.pet.settings.learns)
        XCTAssertEqual(try newest(.settingsChanged, of: "Socks")?.detail, .settings(.init(learns: false)))
        let before = written()
        _ = try laundry.configure("socks", PetSettings(learns: false))
        XCTAssertEqual(written(), before)
        XCTAssertEqual(try historyKinds("Socks"), [.adopted, .settingsChanged])
    }

    func test_anAddedProgrammeIsInTheSettingsAndInHistoryWithItsLength() throws {
        try adopt("Socks")
        var add = PetSettings()
        add.programmes = ["eco": .minutes(120)]
        XCTAssertEqual(try laundry.configure("socks", add).pet.settings.programmes, ["eco": .minutes(120)])
        XCTAssertEqual(
            try newest(.settingsChanged, of: "Socks")?.detail, .settings(.init(programmes: ["eco": 7200])))
    }

    func test_aRemovedProgrammeLeavesTheSettingsAndHistorySaysSo() throws {
        try adopt("Socks")
        var add = PetSettings()
        add.programmes = ["eco": .minutes(120), "quick": .minutes(15)]
        _ = try laundry.configure("socks", add)
        clock.advance(by: 1)
        var remove = PetSettings()
        remove.programmes = ["eco": nil]
        _ = try laundry.configure("socks", remove)
        XCTAssertEqual(try laundry.pet("socks").pet.settings.programmes, ["quick": .minutes(15)])
        let last = try XCTUnwrap(laundry.history("socks", limit: 1).first?.event)
        XCTAssertEqual(last.event, .settingsChanged)
        guard case .settings(let change)? = last.detail else { return XCTFail("\(String(describing: last.detail))") }
        XCTAssertEqual(change.programmes, ["eco": nil], "the removal, as a programme with no length")
    }

    func test_releaseRemovesThePetAndFreesItsName() throws {
        let old = try adopt("Socks")
        let released = try laundry.release("socks")
        XCTAssertEqual(released.id, old.id)
        XCTAssertEqual(laundry.pets().count, 0)
        let again = try adopt("Socks")
        XCTAssertNotEqual(again.id, old.id)
        XCTAssertEqual(try historyKinds("Socks"), [.adopted], "a new pet, with its own history")
    }

    func test_aReleasedPetIsNotFoundByItsName() throws {
        try adopt("Socks")
        try adopt("Shirts")
        _ = try laundry.release("socks")
        let error = thrownError { try laundry.pet("Socks") }
        guard case .unknownPet("Socks", _)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
    }

    func test_aReleasedPetsLoadStaysInTheLoadsEndedAsReleased() throws {
        let pet = try adopt("Socks")
        let load = try XCTUnwrap(try laundry.perform(.wash(nil), on: "socks").load)
        clock.advance(by: 600)
        _ = try laundry.release("socks")
        let loads = try laundry.loads(nil)
        XCTAssertEqual(loads.map(\.load.id), [load.id])
        XCTAssertEqual(loads.first?.pet.id, pet.id)
        XCTAssertEqual(loads.first?.load.end, .released)
        XCTAssertEqual(loads.first?.load.endedAt, clock.now())
    }

    func test_aReleasedPetsPastAndItsReleaseStayInEveryPetsHistory() throws {
        let pet = try adopt("Socks")
        _ = try laundry.perform(.wash(nil), on: "socks")
        clock.advance(by: 600)
        _ = try laundry.release("socks")
        let history = try laundry.history(nil, limit: nil)
        XCTAssertEqual(history.map(\.event.event), [.released, .washStarted, .adopted])
        XCTAssertEqual(Set(history.map(\.pet.id)), [pet.id])
        XCTAssertEqual(history[1].load, try laundry.loads(nil).first?.load.id, "the load loads shows")
    }
}
