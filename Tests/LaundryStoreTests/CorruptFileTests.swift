import Foundation
import LaundryCore
import LaundryStore
import XCTest

final class CorruptFileTests: StoreTestCase {
    func test_aPetFileThatIsNotJSONIsSetAsideAndTheOthersWork() throws {
        let socks = try adopt("Socks")
        let towels = try adopt("Towels")
        let path = store.paths.petFile(socks.id)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
        let snapshot = store.loadAll()
        XCTAssertEqual(snapshot.states.map(\.pet.name), ["Towels"], "Towels still loads")
        XCTAssertEqual(snapshot.states.first?.pet.id, towels.id)
        guard case .setAside(let original, let movedTo, let reason)? = snapshot.problems.first else {
            return XCTFail("expected a set-aside problem, got \(snapshot.problems)")
        }
        XCTAssertEqual(original, path)
        XCTAssertTrue(movedTo.hasPrefix(path + ".corrupt-"), movedTo)
        XCTAssertEqual(reason, "it is not valid JSON")
        XCTAssertEqual(contents(movedTo), Data("{ not json".utf8), "kept, never deleted")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func test_wrongTypesAreCorruptToo() throws {
        let socks = try adopt("Socks")
        let path = store.paths.petFile(socks.id)
        var text = String(decoding: contents(path)!, as: UTF8.self)
        text = text.replacingOccurrences(of: "\"cycleDays\" : 5", with: "\"cycleDays\" : \"five\"")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let problems = store.loadAll().problems
        guard case .setAside(_, _, let reason)? = problems.first else { return XCTFail("\(problems)") }
        XCTAssertEqual(reason, "a value at 'cycleDays' has the wrong type")
    }

    func test_implausibleNumbersAreSetAsideNotCrashedOn() throws {
        let socks = try adopt("Socks")
        let towels = try adopt("Towels")
        let path = store.paths.petFile(socks.id)
        let text = String(decoding: contents(path)!, as: UTF8.self).replacingOccurrences(
            of: "\"cycleDays\" : 5", with: "\"cycleDays\" : 1e300")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try store.update(towels.id) { (state: inout PetState) in
            try StageMachine.wash(&state, for: .minutes(5), at: now)
        }
        try store.update(towels.id) { (state: inout PetState) in
            try StageMachine.pause(&state, at: now)
        }
        let timerPath = store.paths.timerFile(towels.id)
        let timer = String(decoding: contents(timerPath)!, as: UTF8.self)
            .replacingOccurrences(of: #""pausedRemaining" : 300"#, with: #""pausedRemaining" : 1e300"#)
        try Data(timer.utf8).write(to: URL(fileURLWithPath: timerPath))
        let snapshot = store.loadAll()
        XCTAssertEqual(snapshot.states.map(\.pet.name), ["Towels"])
        XCTAssertNil(snapshot.states.first?.timer)
        XCTAssertEqual(snapshot.problems.count, 2, "\(snapshot.problems)")
        XCTAssertTrue(snapshot.problems.allSatisfy { if case .setAside = $0 { return true } else { return false } })
    }

    func test_aNewerSchemaIsReadButNeverOverwritten() throws {
        let socks = try adopt("Socks")
        let path = store.paths.petFile(socks.id)
        var text = String(decoding: contents(path)!, as: UTF8.self)
        text = text.replacingOccurrences(
            of: "\"schemaVersion\" : 1", with: "\"schemaVersion\" : 9, \"futureField\" : [1, 2]")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let snapshot = store.loadAll()
        XCTAssertEqual(snapshot.states.map(\.pet.name), ["Socks"])
        XCTAssertEqual(snapshot.problems, [.newerSchema(path: path, version: 9)])
        XCTAssertThrowsError(
            try store.update(socks.id) { (state: inout PetState) in
                try StageMachine.wash(&state, for: nil, at: now)
            }
        ) { error in
            guard case .newerSchema(_, _, 9)? = error as? StoreError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(contents(path), Data(text.utf8), "byte for byte unchanged")
    }

    func test_aNewerSchemaThatNoLongerDecodesIsNotSetAside() throws {
        let socks = try adopt("Socks")
        let path = store.paths.petFile(socks.id)
        try Data(#"{"schemaVersion": 2, "id": 42}"#.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(store.loadAll().problems, [.newerSchema(path: path, version: 2)])
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    func test_aTimerFileWithoutAPetIsReportedAndIgnored() throws {
        try adopt("Socks")
        let stray = UUID()
        try FileManager.default.createDirectory(atPath: store.paths.timers, withIntermediateDirectories: true)
        let timer = LaundryTimer(petID: stray, kind: .wash, startedAt: now, duration: .minutes(5))
        try JSONCoding.encoder().encode(timer).write(to: URL(fileURLWithPath: store.paths.timerFile(stray)))
        let snapshot = store.loadAll()
        XCTAssertEqual(snapshot.states.count, 1)
        XCTAssertEqual(snapshot.problems, [.orphanTimer(path: store.paths.timerFile(stray))])
    }

    func test_aSymlinkPlantedAsATimerIsNotFollowed() throws {
        let socks = try adopt("Socks")
        let target = home + "/elsewhere.json"
        let timer = LaundryTimer(petID: socks.id, kind: .wash, startedAt: now, duration: .minutes(5))
        try JSONCoding.encoder().encode(timer).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createDirectory(atPath: store.paths.timers, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: store.paths.timerFile(socks.id), withDestinationPath: target)
        let snapshot = store.loadAll()
        XCTAssertNil(snapshot.states.first?.timer)
        XCTAssertTrue(snapshot.problems.contains { "\($0)".contains("symbolic link") }, "\(snapshot.problems)")
    }

    func test_aTornHistoryLineIsSkipped() throws {
        let socks = try adopt("Socks")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store.paths.historyFile(socks.id)))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"at":"2026-11-21T10:00:00.000Z","ev"#.utf8))
        try handle.close()
        let history = store.history(socks.id)
        XCTAssertEqual(history.events.map(\.event), [.adopted])
        XCTAssertEqual(history.unreadableLines, 1)
    }
}
