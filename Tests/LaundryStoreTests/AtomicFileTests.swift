import Foundation
import LaundryCore
import LaundryTestSupport
import XCTest

@testable import LaundryStore

final class AtomicFileTests: StoreTestCase {
    func test_filesAre0600InFolders0700() throws {
        let pet = try adopt("Socks")
        let paths = store.paths
        for folder in [
            paths.root, paths.machines, paths.machine(here), paths.records(here), paths.histories(here), paths.locks,
        ] {
            XCTAssertEqual(try mode(folder), 0o700, folder)
        }
        for file in [paths.recordFile(pet.id, device: here), paths.historyFile(pet.id, device: here)] {
            XCTAssertEqual(try mode(file), 0o600, file)
        }
    }

    func test_replaceLeavesNoTemporaryFilesAndKeepsValidJSON() throws {
        var pet = try adopt("Socks")
        for index in 0..<20 {
            pet.settings?.value.cycleDays = Double(index + 1)
            try write(pet)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: store.paths.records(here))
        XCTAssertEqual(files, ["\(LaundryPaths.fileStem(pet.id)).json"], "no temporary files left")
        XCTAssertEqual(merged(pet.id)?.state.pet.settings.cycleDays, 20)
    }

    func test_replaceIsARenameSoAnOpenReaderKeepsTheOldFile() throws {
        var pet = try adopt("Socks")
        let path = store.paths.recordFile(pet.id, device: here)
        let before = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        let inodeBefore = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber
        pet.settings?.value.cycleDays = 3
        try write(pet)
        let inodeAfter = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber
        XCTAssertNotEqual(inodeBefore, inodeAfter, "a new file is renamed over the old one")
        let oldData = try before.readToEnd() ?? Data()
        XCTAssertTrue(
            String(decoding: oldData, as: UTF8.self).contains("\"cycleDays\" : 7"), "the reader sees the whole old file"
        )
    }

    func test_aFailedWriteAppendsNoHistoryAndLeavesNoTemporary() throws {
        var pet = try adopt("Socks")
        let path = store.paths.recordFile(pet.id, device: here)
        let history = contents(store.paths.historyFile(pet.id, device: here))
        // A folder in the record's place makes the rename fail: the last step before history.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path + "/in-the-way", withIntermediateDirectories: true)
        pet.settings?.value.cycleDays = 3
        XCTAssertThrowsError(
            try write(pet, events: [HistoryEvent(at: now, event: .settingsChanged, petID: pet.id, id: "x")]))
        XCTAssertEqual(contents(store.paths.historyFile(pet.id, device: here)), history, "no history line")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: store.paths.records(here)),
            ["\(LaundryPaths.fileStem(pet.id)).json"], "no temporary left")
    }
}
