import Foundation
import LaundryCore
import LaundryStore
import XCTest

final class StoreBehaviourTests: StoreTestCase {
    func test_namesAreUniqueWithoutRegardToCase() throws {
        try adopt("Socks")
        XCTAssertThrowsError(try adopt("SOCKS")) { error in
            XCTAssertEqual(error as? StoreError, .nameTaken("Socks"))
        }
        XCTAssertEqual(store.loadAll().states.count, 1)
    }

    func test_aRefusedChangeWritesNothing() throws {
        let pet = try adopt("Socks")
        XCTAssertThrowsError(
            try store.update(pet.id) { (state: inout PetState) in
                state.pet.name = "Changed"
                return try StageMachine.dry(&state, for: nil, at: now)
            })
        XCTAssertEqual(try store.load(pet.id)?.pet.name, "Socks")
        XCTAssertEqual(store.history(pet.id).events.map(\.event), [.adopted])
    }

    func test_releaseRemovesEveryFileOfThePet() throws {
        let pet = try adopt("Socks")
        let other = try adopt("Towels")
        try store.update(pet.id) { (state: inout PetState) in
            try StageMachine.wash(&state, for: nil, at: now)
        }
        try store.remove(pet.id, release: ReleaseRecord(petID: pet.id, name: "Socks", at: now, device: "a1"))
        let paths = store.paths
        for file in [paths.petFile(pet.id), paths.timerFile(pet.id), paths.historyFile(pet.id), paths.lockFile(pet.id)]
        {
            XCTAssertFalse(FileManager.default.fileExists(atPath: file), file)
        }
        XCTAssertEqual(store.loadAll().states.map(\.pet.id), [other.id])
    }

    func test_namesForCompletionHaveNoSideEffects() throws {
        try adopt("Socks")
        let broken = store.paths.pets + "/\(LaundryPaths.fileStem(UUID())).json"
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: broken))
        XCTAssertEqual(store.names(), ["Socks"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: broken), "completion never moves files")
        XCTAssertEqual(PetStore(paths: LaundryPaths(root: home + "/missing")).names(), [])
    }

    func test_pathsFollowXDG() {
        XCTAssertEqual(
            LaundryPaths.resolve(environment: ["LAUNDRY_HOME": "/l", "XDG_DATA_HOME": "/x", "HOME": "/h"]).root, "/l")
        XCTAssertEqual(LaundryPaths.resolve(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]).root, "/x/laundry")
        XCTAssertEqual(
            LaundryPaths.resolve(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]).root,
            "/h/.local/share/laundry")
        XCTAssertEqual(LaundryPaths.resolve(environment: ["HOME": "/h"]).root, "/h/.local/share/laundry")
    }
}
