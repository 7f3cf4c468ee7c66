import Foundation
import LaundryCore
import LaundryStore
import LaundryTestSupport
import XCTest

final class AtomicFileTests: StoreTestCase {
    func test_filesAre0600InFolders0700() throws {
        let pet = try adopt("Socks")
        try store.update(pet.id) { (state: inout PetState) in
            try StageMachine.wash(&state, for: nil, at: now)
        }
        let paths = store.paths
        for folder in [paths.root, paths.pets, paths.timers, paths.history, paths.locks] {
            XCTAssertEqual(try mode(folder), 0o700, folder)
        }
        for file in [paths.petFile(pet.id), paths.timerFile(pet.id), paths.historyFile(pet.id)] {
            XCTAssertEqual(try mode(file), 0o600, file)
        }
    }

    func test_replaceLeavesNoTemporaryFilesAndKeepsValidJSON() throws {
        let pet = try adopt("Socks")
        for index in 0..<20 {
            try store.update(pet.id) { (state: inout PetState) in
                state.pet.cycleDays = Double(index + 1)
                return []
            }
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: store.paths.pets)
        XCTAssertEqual(files, ["\(LaundryPaths.fileStem(pet.id)).json"], "no temporary files left")
        XCTAssertEqual(try store.load(pet.id)?.pet.cycleDays, 20)
    }

    func test_temporariesOfKilledWritersAreRemovedOnceOldAndNothingElse() throws {
        let pet = try adopt("Socks")
        let stem = LaundryPaths.fileStem(pet.id)
        // A pid that surely has no process: a child that has already been waited for.
        let child = Spawn.start("/bin/true", [], environment: [:])
        XCTAssertEqual(child.wait().status, 0, "/bin/true ran")
        let dead = child.pid
        let abandoned = "\(store.paths.pets)/.\(stem).json.tmp-\(dead)-42"
        let recent = "\(store.paths.timers)/.\(stem).json.tmp-\(dead)-43"
        let inProgress = "\(store.paths.timers)/.\(stem).json.tmp-\(getpid())-7"
        let notOurs = "\(store.paths.pets)/.notes.json.tmp-\(dead)-1"
        let old = Date().addingTimeInterval(-3600)
        for path in [abandoned, recent, inProgress, notOurs] {
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
            if path != recent { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path) }
        }

        XCTAssertEqual(PetStore(paths: store.paths, setsAsideCorruptFiles: false).loadAll().states.count, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: abandoned), "a read-only reader (doctor) removes nothing")

        let snapshot = store.loadAll()
        XCTAssertEqual(snapshot.states.count, 1)
        XCTAssertEqual(snapshot.problems.count, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned), "its writer is gone and it is an hour old")
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: recent), "too new: its pid may belong to another pid namespace")
        XCTAssertTrue(FileManager.default.fileExists(atPath: inProgress), "its writer is still running")
        XCTAssertTrue(FileManager.default.fileExists(atPath: notOurs), "not a name this store writes")
    }

    func test_replaceIsARenameSoAnOpenReaderKeepsTheOldFile() throws {
        let pet = try adopt("Socks")
        let path = store.paths.petFile(pet.id)
        let before = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        let inodeBefore = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber
        try store.update(pet.id) { (state: inout PetState) in
            state.pet.cycleDays = 3
            return []
        }
        let inodeAfter = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber
        XCTAssertNotEqual(inodeBefore, inodeAfter, "a new file is renamed over the old one")
        let oldData = try before.readToEnd() ?? Data()
        XCTAssertTrue(
            String(decoding: oldData, as: UTF8.self).contains("\"cycleDays\" : 5"), "the reader sees the whole old file"
        )
    }

    func test_aFailedWriteLeavesThePreviousStateIntact() throws {
        let pet = try adopt("Socks")
        let original = contents(store.paths.petFile(pet.id))
        // A folder where the timer file should be makes the write fail half-way through the change.
        try FileManager.default.createDirectory(
            atPath: store.paths.timerFile(pet.id), withIntermediateDirectories: true)
        XCTAssertThrowsError(
            try store.update(pet.id) { (state: inout PetState) in
                try StageMachine.wash(&state, for: nil, at: now)
            }
        ) { error in
            guard case .unwritable(let path, _)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, self.store.paths.timerFile(pet.id))
        }
        XCTAssertEqual(contents(store.paths.petFile(pet.id)), original)
        XCTAssertEqual(store.history(pet.id).events.map(\.event), [.adopted])
    }
}
