import Foundation
import LaundryCore
import XCTest

@testable import LaundryStore

final class StoreBehaviourTests: StoreTestCase {
    func test_namesAreUniqueWithoutRegardToCase() throws {
        try adopt("Socks")
        XCTAssertThrowsError(try adopt("SOCKS")) { error in
            XCTAssertEqual(error as? StoreError, .nameTaken("Socks"))
        }
        XCTAssertEqual(store.loadAll().pets.count, 1)
    }

    func test_aRefusedChangeWritesNothing() throws {
        let pet = try adopt("Socks")
        let before = snapshot()
        XCTAssertThrowsError(
            try store.update(pet.id, device: here) { _, _ -> (Int, PetRecord?, [HistoryEvent]) in
                throw PetError.unknownPet("x", suggestion: nil)
            })
        XCTAssertEqual(snapshot(), before)
    }

    /// A command finds the pet by name, then changes it under its lock without reading its record
    /// again, unless another writer replaced the record in between: then the change reads the new one.
    func test_aChangeReusesTheRecordReadForTheNameOnlyWhileItIsTheSameFile() throws {
        let pet = try adopt("Socks")
        var seen: [String] = []
        let look = { (merged: MergedPet, _: PetRecord?) -> (Int, PetRecord?, [HistoryEvent]) in
            seen.append(merged.state.pet.identity.name)
            return (0, nil, [])
        }
        let reads = RecordReads()
        _ = store.loadAll(keeping: reads)
        try store.update(pet.id, device: here, reusing: reads, look)
        try write(record("Sox", id: pet.id, at: now.addingTimeInterval(1)))
        try store.update(pet.id, device: here, reusing: reads, look)
        XCTAssertEqual(seen, ["Socks", "Sox"], "the replaced record is read again")
    }

    func test_aMachineWritesOnlyUnderItsOwnFolder() throws {
        let pet = try adopt("Socks")
        var theirs = record("Socks", id: pet.id, at: now.addingTimeInterval(60), device: there)
        theirs.identity = nil
        try write(theirs, device: there)
        let before = contents(store.paths.recordFile(pet.id, device: there))
        try store.update(pet.id, device: here) { merged, own -> (Int, PetRecord?, [HistoryEvent]) in
            var mine = try XCTUnwrap(own)
            mine.set(
                .reminders, from: merged.state.pet,
                stamp: PartStamp(at: self.now.addingTimeInterval(120), device: self.here))
            return (0, mine, [])
        }
        XCTAssertEqual(contents(store.paths.recordFile(pet.id, device: there)), before, "the other machine's file")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: home + "/machines").sorted(), [here, there].sorted())
    }

    func test_namesForCompletionHaveNoSideEffectsAndFollowTheLatestRename() throws {
        let pet = try adopt("Socks")
        var renamed = PetRecord(id: pet.id, createdAt: now)
        renamed.identity = .init(
            stamp: PartStamp(at: now.addingTimeInterval(5), device: there), value: .init(name: "Sox", kind: "clothes"))
        try write(renamed, device: there)
        let broken = store.paths.records(here) + "/\(LaundryPaths.fileStem(UUID())).json"
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: broken))
        let before = snapshot()
        XCTAssertEqual(store.names(), ["Sox"])
        XCTAssertEqual(snapshot(), before, "completion changes nothing")
        XCTAssertEqual(FileStorage(paths: LaundryPaths(root: home + "/missing")).names(), [])
    }

    func test_pathsFollowXDG() {
        let environment = ["LAUNDRY_HOME": "/l", "XDG_DATA_HOME": "/x", "HOME": "/h"]
        XCTAssertEqual(LaundryPaths.resolve(environment: environment).root, "/l")
        XCTAssertEqual(LaundryPaths.resolve(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]).root, "/x/laundry")
        XCTAssertEqual(
            LaundryPaths.resolve(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]).root,
            "/h/.local/share/laundry")
        XCTAssertEqual(LaundryPaths.resolve(environment: ["HOME": "/h"]).root, "/h/.local/share/laundry")
        let paths = LaundryPaths.resolve(
            environment: ["HOME": "/h", "XDG_STATE_HOME": "/s", "XDG_RUNTIME_DIR": "/run/user/7"])
        XCTAssertEqual(paths.notes, "/s/laundry/notes", "what a daemon announced stays on its machine")
        XCTAssertEqual(paths.locks, "/run/user/7/laundry/locks", "locks too")
        XCTAssertEqual(
            LaundryPaths.resolve(environment: ["HOME": "/h"]).runtime, "/tmp/laundry-runtime-\(getuid())/laundry")
    }

    func test_aRuntimeFolderInTmpThatIsNotThisUsersAloneIsRefused() throws {
        let folder = home + "-run"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        chmod(folder, 0o777)
        let fallback = LaundryPaths.fallbackRuntime
        try? FileManager.default.removeItem(atPath: fallback)
        try FileManager.default.createDirectory(atPath: fallback, withIntermediateDirectories: true)
        chmod(fallback, 0o777)
        defer { try? FileManager.default.removeItem(atPath: fallback) }
        XCTAssertThrowsError(try SafeFolder.prepare(fallback + "/laundry")) { error in
            XCTAssertEqual((error as? StoreError)?.problem, .runtimeFolderOpenToOthers(mode: 0o777), "\(error)")
        }
        chmod(fallback, 0o700)
        XCTAssertNoThrow(try SafeFolder.prepare(fallback + "/laundry"))
    }
}
