import Foundation
import LaundryCore
import LaundryStore
import LaundryTestSupport
import XCTest

/// A fresh `LAUNDRY_HOME` on real disk for each test.
class StoreTestCase: XCTestCase {
    var home: String!
    var store: PetStore!
    let clothes = Fixtures.clothes
    let now = Fixtures.start

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("laundry-store-\(UUID().uuidString)").path
        store = PetStore(paths: LaundryPaths(root: home))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    @discardableResult
    func adopt(_ name: String) throws -> Pet {
        let pet = Pet(name: try PetName(name), kind: clothes, createdAt: now)
        try store.create(pet, events: [HistoryEvent(at: now, event: .adopted, petID: pet.id)])
        return pet
    }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }
}
