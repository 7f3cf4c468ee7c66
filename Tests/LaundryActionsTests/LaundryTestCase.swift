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
        laundry = Laundry(
            home: home, dataFolder: Self.dataFolder, kinds: try Self.kinds(), clock: clock,
            device: .fixed(in: home + ".state"))
    }

    override func tearDownWithError() throws {
        for folder in [home!, home + ".state", home + ".run"] { try? FileManager.default.removeItem(atPath: folder) }
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

    /// Every file under the data folder with its bytes.
    func files(under root: String? = nil) -> [String: Data] {
        let root = root ?? home!
        var found: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return found }
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                found[relative] = FileManager.default.contents(atPath: root + "/" + relative)
            }
        }
        return found
    }
}
