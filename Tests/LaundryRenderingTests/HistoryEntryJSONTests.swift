import Foundation
import LaundryCore
import LaundryRendering
import LaundryTestSupport
import XCTest

/// `history --json` and `--csv` give a `set`'s programmes as facts, and never lose them.
final class HistoryEntryJSONTests: XCTestCase {
    private let pet = Pet(
        name: try! PetName("Socks"), kind: RenderingFixtures.clothes, createdAt: RenderingFixtures.now)

    private func entry(_ programmes: [String: Double?]) throws -> [String: Any] {
        let event = HistoryEvent(
            at: RenderingFixtures.now, event: .settingsChanged, petID: pet.id,
            detail: .settings(.init(washSeconds: 3600, programmes: programmes)))
        let json = try JSONCoding.encoder().encode(HistoryEntryJSON(pet: pet, event: event, load: nil))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    func test_programmesAsSetWroteThemAreFacts() throws {
        let programmes = try XCTUnwrap(try entry(["eco": 8100, "spin": Double?.none])["programmes"] as? [String: Any])
        XCTAssertEqual(programmes["eco"] as? Double, 8100)
        XCTAssertTrue(programmes["spin"] is NSNull)
    }

    /// Programmes `Programme.changes` cannot read (a name `set` refuses, a length of none) keep their text.
    func test_programmesItCannotReadStayAsTheyAre() throws {
        let json = try entry(["Eco": 8100, "quick": 0])
        XCTAssertEqual(json["programmes"] as? String, "Eco=8100 quick=0")
        XCTAssertEqual(json["washSeconds"] as? Double, 3600)
    }
}
