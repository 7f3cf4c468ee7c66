import Foundation
import LaundryActions
import LaundryCore
import LaundryTestSupport
import XCTest

/// The way in on real files in a temporary home, with a manual clock.
class LaundryTestCase: XCTestCase {
    var home: String!
    var clock: ManualClock!
    var laundry: Laundry!
    let start = Fixtures.start

    static let dataFolder = SourceTree.root + "/data"

    override func setUpWithError() throws {
        home =
            FileManager.default.temporaryDirectory.appendingPathComponent("laundry-actions-\(UUID().uuidString)").path
        clock = ManualClock(start)
        let kinds = try JSONDecoder().decode(
            KindCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: Self.dataFolder + "/kinds.json")))
        laundry = Laundry(home: home, dataFolder: Self.dataFolder, kinds: kinds, clock: clock)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    @discardableResult
    func adopt(_ name: String) throws -> Pet {
        try laundry.adopt(PetSettings(name: try PetName(name))).pet
    }

    func historyKinds(_ name: String) throws -> [HistoryEvent.Kind] {
        try laundry.history(name, limit: nil).map(\.event.event).reversed()
    }
}
