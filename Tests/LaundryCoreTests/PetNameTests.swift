import LaundryCore
import XCTest

final class PetNameTests: XCTestCase {
    func test_trimsAndKeepsUpToThirtyCharacters() throws {
        XCTAssertEqual(try PetName("  Socks ").value, "Socks")
        XCTAssertEqual(try PetName(String(repeating: "a", count: 30)).value.count, 30)
        XCTAssertEqual(try PetName("🧦🧦").value, "🧦🧦")
        XCTAssertEqual(
            try PetName("👩‍👩‍👧 Family").value, "👩‍👩‍👧 Family",
            "a ZWJ sequence is one character")
    }

    func test_refusesEmptyBlankLongAndControlCharacters() {
        for bad in [
            "", "   ", "\t", String(repeating: "a", count: 31), "So\ncks", "So\tcks", "bell\u{7}", "rtl\u{202E}x",
        ] {
            XCTAssertThrowsError(try PetName(bad), bad.debugDescription) { error in
                guard case .invalidName = error as? PetError else { return XCTFail("wrong error \(error)") }
            }
        }
    }

    func test_keepsPathAndMarkupCharactersLiterally() throws {
        XCTAssertEqual(try PetName("../etc/passwd").value, "../etc/passwd")
        XCTAssertEqual(try PetName("<b>&amp;").value, "<b>&amp;")
    }

    func test_errorForTooLongNameSaysHowLong() {
        XCTAssertThrowsError(try PetName(String(repeating: "x", count: 31))) { error in
            XCTAssertEqual(
                error as? PetError, .invalidName(String(repeating: "x", count: 31), .tooLong(characters: 31, limit: 30))
            )
        }
    }
}
