import Foundation
import LaundryCore
import LaundryTestSupport
import XCTest

@testable import LaundryStore

/// A fresh data folder on real disk for each test (with this machine's state and runtime folders
/// beside it), and records written as machines write them.
class StoreTestCase: XCTestCase {
    var home: String!
    var store: FileStorage!
    let clothes = Fixtures.clothes
    let now = Fixtures.start
    let here = "aaaaaaaaaaaaaaaa"
    let there = "bbbbbbbbbbbbbbbb"

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("laundry-store-\(UUID().uuidString)").path
        store = FileStorage(paths: LaundryPaths(root: home))
    }

    override func tearDownWithError() throws {
        for folder in [home!, home + ".state", home + ".run"] { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// A record with every part but the release, each stamped `at` on `device`.
    func record(
        _ name: String, id: UUID = UUID(), at: Date? = nil, device: String? = nil,
        change: (inout PetState) -> Void = { _ in }
    ) -> PetRecord {
        var state = PetState(pet: Pet(id: id, createdAt: now, identity: .init(name: name, kind: "clothes")))
        change(&state)
        var record = PetRecord(id: id, createdAt: now)
        let stamp = PartStamp(at: at ?? now, device: device ?? here)
        for part in PetPart.allCases where part != .release { record.set(part, from: state.pet, stamp: stamp) }
        return record
    }

    /// Writes a record (and events) as `device` writes its own.
    @discardableResult
    func write(_ record: PetRecord, device: String? = nil, events: [HistoryEvent] = []) throws -> PetRecord {
        try store.commit(record, events: events, device: device ?? here)
        return record
    }

    @discardableResult
    func adopt(_ name: String) throws -> PetRecord {
        let made = record(name)
        try store.create(
            made, events: [HistoryEvent(at: now, event: .adopted, petID: made.id, id: "adopt-\(name)")], device: here)
        return made
    }

    func merged(_ id: UUID) -> MergedPet? {
        var problems: [StoreProblem] = []
        return store.load(id, problems: &problems)
    }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// Every file under the data folder with its bytes.
    func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: home) else { return files }
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: home + "/" + relative, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                files[relative] = contents(home + "/" + relative)
            }
        }
        return files
    }
}
