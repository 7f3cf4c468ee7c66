import Foundation
import LaundryCore
import LaundryStore
import LaundryTestSupport
import XCTest

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
            XCTAssertEqual(
                (error as? StoreError)?.reason, "it is not a device id; delete it and laundry makes a new one")
        }
    }

    func test_aVersionPutInPlaceDuringAChangeIsMergedNotOverwritten() throws {
        let pet = try adopt("Socks")
        var calls = 0
        let result = try store.update(pet.id) { (state: inout PetState) in
            calls += 1
            if calls == 1 {
                // Another machine's rename arrives between this read and the write.
                var theirs = state.pet
                theirs.name = "Sockies"
                let data = try JSONCoding.encoder().encode(theirs)
                try data.write(to: URL(fileURLWithPath: store.paths.petFile(pet.id)), options: .atomic)
            }
            return try StageMachine.wash(&state, for: nil, at: now)
        }
        XCTAssertEqual(calls, 2, "the change ran again on the version that arrived")
        XCTAssertEqual(result?.pet.name, "Sockies")
        let saved = try XCTUnwrap(try store.load(pet.id))
        XCTAssertEqual(saved.pet.name, "Sockies", "the other machine's rename is kept")
        XCTAssertEqual(saved.pet.stage, .washing, "and so is this machine's wash")
        XCTAssertEqual(store.history(pet.id).events.map(\.event), [.adopted, .washStarted], "written once")
    }

    func test_oldHistoryLinesGetAnIdFromTheLineItself() throws {
        let pet = try adopt("Socks")
        let line = #"{"at":"2026-01-01T10:00:00.000Z","event":"snoozed","petID":"\#(pet.id.uuidString)"}"#
        try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: store.paths.historyFile(pet.id)))
        let first = store.history(pet.id).events.first?.id
        XCTAssertEqual(first, EventID.derived(from: line))
        XCTAssertEqual(store.history(pet.id).events.first?.id, first, "the same on every read and every machine")
    }

    func test_aFinishAnotherMachineAlreadyWroteIsNotWrittenTwice() throws {
        let pet = try adopt("Socks")
        try store.update(pet.id) { (state: inout PetState) in try StageMachine.wash(&state, for: .minutes(1), at: now) }
        let later = now.addingTimeInterval(120)
        // Both machines see the load end: the same event, with the same id, from each.
        var copy = try XCTUnwrap(try store.load(pet.id))
        let events = StageMachine.settle(&copy, at: later)
        let line = try JSONCoding.encoder(pretty: false).encode(events[0])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store.paths.historyFile(pet.id)))
        handle.seekToEndOfFile()
        handle.write(line + Data("\n".utf8))
        handle.closeFile()
        try store.update(pet.id) { (state: inout PetState) in StageMachine.settle(&state, at: later) }
        XCTAssertEqual(store.history(pet.id).events.map(\.event), [.adopted, .washStarted, .washDone])
    }
}
