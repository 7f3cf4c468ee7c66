import Foundation
import LaundryCore
import LaundryTestSupport
import XCTest

@testable import LaundryStore

/// The store's side of a shared folder: the device id, a write that meets another machine's
/// version put in place under it, and history lines from before event ids.
final class HouseholdStoreTests: StoreTestCase {
    func test_theDeviceIdIsMadeOnceAndKeptOutsideTheDataFolder() throws {
        let state = home + "/state"
        let file = DeviceIdentity.path(environment: ["XDG_STATE_HOME": state, "HOME": "/nonexistent"])
        XCTAssertEqual(file, state + "/laundry/device-id")
        let first = try DeviceIdentity(file: file).id()
        XCTAssertTrue(DeviceIdentity.isValid(first), first)
        XCTAssertEqual(try DeviceIdentity(file: file).id(), first, "the same id every time")
        try FileManager.default.removeItem(atPath: file)
        XCTAssertNotEqual(try DeviceIdentity(file: file).id(), first, "random, not derived from the machine")
        try Data("../../etc\n".utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertThrowsError(try DeviceIdentity(file: file).id()) { error in
            XCTAssertEqual((error as? StoreError)?.problem, .notADeviceID)
        }
    }

    func test_eachMachinesRecordsMergePartByPart() throws {
        let id = UUID()
        // A starts a dryer; B, out of touch, renames: both are kept, whatever order they arrive in.
        let base = record("Socks", id: id, at: now, device: here)
        try write(base)
        var dryer = base
        var dryingState = try XCTUnwrap(merged(id)).state
        _ = try StageMachine.wash(&dryingState, for: .minutes(1), at: now)
        _ = StageMachine.settle(&dryingState, at: now.addingTimeInterval(61))
        _ = try StageMachine.dry(&dryingState, for: .minutes(60), at: now.addingTimeInterval(62))
        dryer.set(.cycle, from: dryingState.pet, stamp: PartStamp(at: now.addingTimeInterval(62), device: here))
        try write(dryer)
        var rename = PetRecord(id: id, createdAt: now)
        rename.identity = .init(
            stamp: PartStamp(at: now.addingTimeInterval(70), device: there), value: .init(name: "Sox", kind: "clothes"))
        try write(rename, device: there)
        let pet = try XCTUnwrap(merged(id))
        XCTAssertEqual(pet.state.pet.identity.name, "Sox")
        XCTAssertEqual(pet.state.pet.cycle.stage, .drying)
        XCTAssertEqual(pet.state.load?.endsAt, now.addingTimeInterval(62 + 3600), "the dryer's end, from A's record")
    }

    /// Every line laundry writes has an id (the union of machines' histories goes by it).
    func test_aHistoryLineWithoutAnIdIsPassedOver() throws {
        let pet = try adopt("Socks")
        let line = #"{"at":"2026-01-01T10:00:00.000Z","event":"snoozed","petID":"\#(pet.id.uuidString)"}"#
        try FileManager.default.createDirectory(atPath: store.paths.histories(there), withIntermediateDirectories: true)
        try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: store.paths.historyFile(pet.id, device: there)))
        XCTAssertNil(store.histories(pet.id).flatMap { $0 }.first { $0.event == .snoozed })
    }

    func test_aFinishThisMachineAlreadyWroteIsNotWrittenTwice() throws {
        let pet = try adopt("Socks")
        var state = try XCTUnwrap(merged(pet.id)).state
        _ = try StageMachine.wash(&state, for: .minutes(1), at: now)
        let done = StageMachine.settle(&state, at: now.addingTimeInterval(120))
        try write(pet, events: done)
        try write(pet, events: done)
        XCTAssertEqual(
            HistoryLog.read(store.paths.historyFile(pet.id, device: here)).events.map(\.event), [.adopted, .washDone])
    }

    /// A host renamed is still itself; another host with the same name is not, when both say
    /// their machine id; without ids, the names decide.
    func test_aMachineIsKnownByItsMachineIdThenByItsName() {
        let here = MachineFile(device: "aaaa000000000001", host: "laptop", machineID: "1111")
        XCTAssertTrue(here.isSameHost(as: MachineFile(device: "aaaa000000000001", host: "new-name", machineID: "1111")))
        XCTAssertFalse(here.isSameHost(as: MachineFile(device: "aaaa000000000001", host: "laptop", machineID: "2222")))
        XCTAssertTrue(here.isSameHost(as: MachineFile(device: "aaaa000000000001", host: "laptop", machineID: "")))
        XCTAssertFalse(here.isSameHost(as: MachineFile(device: "aaaa000000000001", host: "desk", machineID: "")))
    }
}
