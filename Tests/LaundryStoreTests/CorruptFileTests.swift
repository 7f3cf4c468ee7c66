import Foundation
import LaundryCore
import XCTest

@testable import LaundryStore

/// A file that does not parse is reported by path and passed over, never deleted, and never stops
/// the other pets; a reader changes nothing; this machine's own is set aside by its next change.
final class CorruptFileTests: StoreTestCase {
    func test_aRecordThatIsNotJSONIsPassedOverAndTheOthersWork() throws {
        let socks = try adopt("Socks")
        let towels = try adopt("Towels")
        let path = store.paths.recordFile(socks.id, device: here)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
        let before = snapshot()
        let loaded = store.loadAll()
        XCTAssertEqual(loaded.pets.map(\.state.pet.id), [towels.id], "Towels still loads")
        XCTAssertEqual(loaded.problems, [.unreadable(path: path, problem: .json(.notJSON))])
        XCTAssertEqual(snapshot(), before, "a reader changes nothing")
    }

    func test_thisMachinesOwnCorruptRecordIsSetAsideByItsNextChange() throws {
        let socks = try adopt("Socks")
        var theirs = record("Socks", id: socks.id, at: now, device: there)
        theirs.release = nil
        try write(theirs, device: there)
        let path = store.paths.recordFile(socks.id, device: here)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
        try store.update(socks.id, device: here) { merged, own -> (Int, PetRecord?, [HistoryEvent]) in
            XCTAssertNil(own, "the change starts afresh")
            var mine = PetRecord(id: socks.id, createdAt: self.now)
            mine.set(
                .reminders, from: merged.state.pet,
                stamp: PartStamp(at: self.now.addingTimeInterval(1), device: self.here))
            return (0, mine, [])
        }
        let aside = try FileManager.default.contentsOfDirectory(atPath: store.paths.records(here)).filter {
            $0.contains(".corrupt-")
        }
        XCTAssertEqual(aside.count, 1)
        XCTAssertEqual(contents(store.paths.records(here) + "/" + aside[0]), Data("{ not json".utf8), "kept")
    }

    /// The only copy of a pet broken: there is no pet to change, so nothing sets the file aside; it stays as it is,
    /// passed over at every reading, until a person repairs it or moves it away (doctor says so).
    func test_theOnlyCopyOfAPetBrokenStaysWhereItIsAndThePetIsGone() throws {
        let socks = try adopt("Socks")
        let path = store.paths.recordFile(socks.id, device: here)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
        let changed = try store.update(socks.id, device: here) { _, _ -> (Int, PetRecord?, [HistoryEvent]) in
            XCTFail("no pet to change")
            return (0, nil, [])
        }
        XCTAssertNil(changed)
        XCTAssertEqual(contents(path), Data("{ not json".utf8), "left where it is")
        XCTAssertFalse(
            try FileManager.default.contentsOfDirectory(atPath: store.paths.records(here)).contains {
                $0.contains(".corrupt-")
            })
    }

    /// A change says what it could not read of the pet (the command warns), and sets this
    /// machine's broken record aside only when the change goes ahead.
    func test_aChangeReportsWhatItCouldNotReadOfThePet() throws {
        let socks = try adopt("Socks")
        let theirs = store.paths.recordFile(socks.id, device: there)
        try FileManager.default.createDirectory(
            atPath: store.paths.records(there), withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: theirs))
        var reported: [StoreProblem] = []
        let nothing = { (_: MergedPet, _: PetRecord?) -> (Int, PetRecord?, [HistoryEvent]) in (1, nil, []) }
        try store.update(socks.id, device: here, reusing: nil, reporting: { reported += $0 }, nothing)
        XCTAssertEqual(reported, [.unreadable(path: theirs, problem: .json(.notJSON))])

        let lone = UUID()
        let mine = store.paths.recordFile(lone, device: here)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: mine))
        reported = []
        let result = try store.update(lone, device: here, reusing: nil, reporting: { reported += $0 }, nothing)
        XCTAssertNil(result, "no record of the pet parses")
        XCTAssertEqual(reported, [.unreadable(path: mine, problem: .json(.notJSON))])
        XCTAssertNotNil(contents(mine), "left in place: the change did not go ahead")
    }

    func test_wrongTypesAreUnreadableToo() throws {
        let socks = try adopt("Socks")
        let path = store.paths.recordFile(socks.id, device: here)
        let text = String(decoding: contents(path)!, as: UTF8.self).replacingOccurrences(
            of: "\"cycleDays\" : 7", with: "\"cycleDays\" : \"five\"")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        guard case .unreadable(_, let problem)? = store.loadAll().problems.first else { return XCTFail() }
        XCTAssertEqual(problem, .json(.wrongType(at: "settings.value.cycleDays")))
    }

    func test_implausibleNumbersArePassedOverNotCrashedOn() throws {
        let socks = try adopt("Socks")
        try adopt("Towels")
        let path = store.paths.recordFile(socks.id, device: here)
        let text = String(decoding: contents(path)!, as: UTF8.self).replacingOccurrences(
            of: "\"cycleDays\" : 7", with: "\"cycleDays\" : 1e300")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let loaded = store.loadAll()
        XCTAssertEqual(loaded.pets.map(\.state.pet.identity.name), ["Towels"])
        XCTAssertEqual(loaded.problems.count, 1, "\(loaded.problems)")
    }

    func test_aNewerSchemaIsReadButNeverOverwritten() throws {
        let socks = try adopt("Socks")
        let path = store.paths.recordFile(socks.id, device: here)
        let text = String(decoding: contents(path)!, as: UTF8.self).replacingOccurrences(
            of: "\"schemaVersion\" : 2", with: "\"schemaVersion\" : 9, \"futureField\" : [1, 2]")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let loaded = store.loadAll()
        XCTAssertEqual(loaded.pets.map(\.state.pet.identity.name), ["Socks"])
        XCTAssertEqual(loaded.pets.first?.state.pet.isFromNewerVersion, true)
        XCTAssertEqual(loaded.problems, [.newerSchema(path: path, version: 9)])
        XCTAssertThrowsError(try store.update(socks.id, device: here) { _, own in ((), own, []) }) { error in
            guard case .newerSchema(_, _, 9)? = error as? StoreError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(contents(path), Data(text.utf8), "byte for byte unchanged")
    }

    func test_aNewerSchemaThatNoLongerDecodesIsNotSetAside() throws {
        let socks = try adopt("Socks")
        let path = store.paths.recordFile(socks.id, device: here)
        try Data(#"{"schemaVersion": 3, "id": 42}"#.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(store.loadAll().problems, [.newerSchema(path: path, version: 3)])
        XCTAssertThrowsError(try store.update(socks.id, device: here) { _, own in ((), own, []) })
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    func test_aSymlinkPlantedAsARecordIsNotFollowed() throws {
        let socks = try adopt("Socks")
        let target = home + "/elsewhere.json"
        try FileManager.default.moveItem(atPath: store.paths.recordFile(socks.id, device: here), toPath: target)
        try FileManager.default.createSymbolicLink(
            atPath: store.paths.recordFile(socks.id, device: here), withDestinationPath: target)
        let loaded = store.loadAll()
        XCTAssertEqual(loaded.pets.count, 0)
        XCTAssertEqual(
            loaded.problems, [.unreadable(path: store.paths.recordFile(socks.id, device: here), problem: .symbolicLink)]
        )
    }

    func test_aTornHistoryLineIsSkipped() throws {
        let socks = try adopt("Socks")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store.paths.historyFile(socks.id, device: here)))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"at":"2026-11-21T10:00:00.000Z","ev"#.utf8))
        try handle.close()
        let history = HistoryLog.read(store.paths.historyFile(socks.id, device: here))
        XCTAssertEqual(history.events.map(\.event), [.adopted])
        XCTAssertEqual(history.unreadableLines, 1)
    }

    /// A record being replaced (removed, the new one not yet renamed in) or torn is passed over
    /// by a reader, and the torn one reported; the daemon keeps its own view meanwhile
    /// (`EngineLastGoodTests`).
    func test_aVanishedOrTornRecordIsPassedOverAndTheTornOneReported() throws {
        let socks = try adopt("Socks")
        let path = store.paths.recordFile(socks.id, device: here)
        let saved = try XCTUnwrap(contents(path))
        try FileManager.default.removeItem(atPath: path)
        var problems: [StoreProblem] = []
        XCTAssertNil(store.load(socks.id, problems: &problems), "vanished: nothing to read")
        XCTAssertEqual(problems, [])
        try Data(saved.prefix(40)).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(store.load(socks.id, problems: &problems), "torn: passed over")
        XCTAssertEqual(problems.count, 1, "and reported")
    }
}
