import FoundationEssentials
import LaundryCore
import XCTest

/// Every file laundry writes says its format version inside it, and what 0.1.0 wrote without one
/// reads as version 1.
final class FormatVersionTests: XCTestCase {
    private func object(_ data: Data) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func test_aHistoryLineCarriesItsFormatVersion() throws {
        let event = HistoryEvent(at: Date(timeIntervalSince1970: 0), event: .adopted, petID: UUID())
        let written = try object(JSONCoding.encoder().encode(event))
        XCTAssertEqual(written["schemaVersion"] as? Int, HistoryEvent.currentSchemaVersion)
    }

    func test_aHistoryLineWithoutAVersionReadsAsTheFirst() throws {
        let line = #"{"id":"e1","at":"2026-01-05T10:00:00Z","event":"adopted","petID":"\#(UUID().uuidString)"}"#
        let event = try JSONCoding.decoder().decode(HistoryEvent.self, from: Data(line.utf8))
        XCTAssertEqual(event.schemaVersion, 1)
    }

    func test_aBareCollectionIsWrittenWithItsVersionAndReadEitherWay() throws {
        let written = try JSONCoding.encoder().encode(VersionedFile(["washer": 3]))
        XCTAssertEqual(try object(written)["schemaVersion"] as? Int, 1)
        XCTAssertEqual(
            try JSONCoding.decoder().decode(VersionedFile<[String: Int]>.self, from: written).content, ["washer": 3])
        let bare = Data(#"{"washer": 3}"#.utf8)
        let old = try JSONCoding.decoder().decode(VersionedFile<[String: Int]>.self, from: bare)
        XCTAssertEqual(old.content, ["washer": 3])
        XCTAssertEqual(old.schemaVersion, 1)
    }
}
