import Foundation
import LaundryCore
import XCTest

final class PetMatcherTests: XCTestCase {
    private let socks = PetMatcher.Candidate(
        id: UUID(uuidString: "11111111-2222-3333-4444-555555555555")!, name: "Socks")
    private let drawer = PetMatcher.Candidate(
        id: UUID(uuidString: "11111111-aaaa-3333-4444-555555555555")!, name: "Sock Drawer")
    private let sheets = PetMatcher.Candidate(
        id: UUID(uuidString: "abcdef01-2222-3333-4444-555555555555")!, name: "Bed Sheets")
    private var matcher: PetMatcher { PetMatcher([socks, drawer, sheets]) }

    func test_exactNameInAnyCaseWinsOverPrefixes() throws {
        XCTAssertEqual(try matcher.match("socks"), socks.id)
        XCTAssertEqual(try matcher.match("SOCKS"), socks.id)
    }

    func test_uniquePrefixMatches() throws {
        XCTAssertEqual(try matcher.match("bed"), sheets.id)
        XCTAssertEqual(try matcher.match("sock d"), drawer.id)
    }

    func test_ambiguousPrefixListsTheCandidates() {
        XCTAssertThrowsError(try matcher.match("sock")) { error in
            XCTAssertEqual(error as? PetError, .ambiguousPet("sock", candidates: ["Sock Drawer", "Socks"]))
        }
    }

    func test_uuidPrefixOfAtLeastEightHexDigits() throws {
        XCTAssertEqual(try matcher.match("abcdef01"), sheets.id)
        XCTAssertEqual(try matcher.match("ABCDEF01-22"), sheets.id)
        XCTAssertThrowsError(try matcher.match("abcdef0"), "seven digits are not enough")
        XCTAssertThrowsError(try matcher.match("11111111")) { error in
            guard case .ambiguousPet = error as? PetError else { return XCTFail("\(error)") }
        }
    }

    func test_unknownSuggestsTheNearestName() {
        XCTAssertThrowsError(try matcher.match("sox")) { error in
            XCTAssertEqual(error as? PetError, .unknownPet("sox", suggestion: "Socks"))
        }
        XCTAssertThrowsError(try matcher.match("zzzzzzzzzz")) { error in
            XCTAssertEqual(error as? PetError, .unknownPet("zzzzzzzzzz", suggestion: nil))
        }
        XCTAssertThrowsError(try matcher.match("sheets")) { error in
            XCTAssertEqual(error as? PetError, .unknownPet("sheets", suggestion: "Bed Sheets"))
        }
    }

    func test_noPetsAtAllSaysHowToAdopt() {
        XCTAssertThrowsError(try PetMatcher([]).match("socks")) { error in
            XCTAssertEqual(error as? PetError, .noPets)
        }
    }

    /// Two neighbours swapped is one slip, as a letter left out is: `stauts` is as near `status` as `stats`, and the
    /// word listed first wins the tie.
    func test_nearestWordCountsASwapAsOneSlip() {
        let commands = ["adopt", "status", "stats", "wash"]
        XCTAssertEqual(PetMatcher.nearest("stauts", among: commands), "status")
        XCTAssertEqual(PetMatcher.nearest("wahs", among: commands), "wash")
        XCTAssertEqual(PetMatcher.nearest("ado", among: commands), "adopt", "a unique prefix")
        XCTAssertNil(PetMatcher.nearest("nonsense", among: commands))
    }
}
