import Foundation
import LaundryActions
import LaundryCore
import LaundryStore
import LaundryTestSupport
import XCTest

/// The way in on the in-memory storage, with a manual clock.
class LaundryTestCase: XCTestCase {
    var storage: InMemoryStorage!
    var clock: ManualClock!
    var laundry: Laundry!
    let start = Fixtures.start

    static let dataFolder = SourceTree.root + "/data"

    override func setUpWithError() throws {
        storage = InMemoryStorage()
        clock = ManualClock(start)
        laundry = Laundry(storage: storage, dataFolder: Self.dataFolder, kinds: try Self.kinds(), clock: clock)
    }

    static func kinds() throws -> KindCatalog {
        try JSONDecoder().decode(
            KindCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: dataFolder + "/kinds.json")))
    }

    @discardableResult
    func adopt(_ name: String) throws -> Pet {
        try laundry.adopt(PetSettings(name: try PetName(name))).pet
    }

    func historyKinds(_ name: String) throws -> [HistoryEvent.Kind] {
        try laundry.history(name, limit: nil).map(\.event.event).reversed()
    }

    /// Every item of the storage with how often it was written: equal before and after, nothing written.
    func written() -> [InMemoryStorage.Item: Int] {
        var found: [InMemoryStorage.Item: Int] = [:]
        for device in storage.machines() {
            for item in storage.items(of: device) { found[item] = storage.version(of: item) }
        }
        return found
    }
}
