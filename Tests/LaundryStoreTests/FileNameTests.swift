import Foundation
import XCTest

@testable import LaundryStore

/// File names are hand-formatted UUIDs (for speed); they must match Foundation's spelling exactly
/// and read back to the same UUID.
final class FileNameTests: XCTestCase {
    func testStemIsTheLowerCaseUUIDAndReadsBack() {
        var ids = (0..<500).map { _ in UUID() }
        ids.append(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        ids.append(UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)))
        for id in ids {
            let stem = LaundryPaths.fileStem(id)
            XCTAssertEqual(stem, id.uuidString.lowercased())
            XCTAssertEqual(LaundryPaths.id(fromFileName: stem + ".json", suffix: ".json"), id)
        }
    }

    func testNamesThatAreNotOursAreIgnored() {
        for name in [
            "notes.json", "0f8fad5b-d9cb-469f-a165-70867728950e.json.tmp", "0f8fad5b-d9cb-469f-a165-70867728950g.json",
            "0f8fad5bd-9cb-469f-a165-70867728950e.json", ".json", "0f8fad5b-d9cb-469f-a165-70867728950e.jsonl",
        ] {
            XCTAssertNil(LaundryPaths.id(fromFileName: name, suffix: ".json"), name)
        }
    }
}
