import Foundation
import XCTest

/// Every bad input: a one-line error that names the problem, a non-zero exit, and nothing changed.
final class BadInputEndToEndTests: XCTestCase {
    private var home: LaundryHome!

    override func setUp() {
        home = LaundryHome()
        home.ok("adopt", "Socks")
        home.ok("adopt", "Sock Drawer")
        home.ok("adopt", "Towels", "--kind", "towels")
        home.ok("wash", "Towels", "--for", "1h")
    }

    /// Runs a command that must fail with `status` and an error line containing `message`, and
    /// checks that no file changed.
    private func refuse(
        _ arguments: [String], status: Int32, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let before = home.snapshot()
        let result = home.run(arguments)
        XCTAssertEqual(result.status, status, "laundry \(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stderrLines.count, 1, "one line: \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("laundry: error: "), result.stderr, file: file, line: line)
        XCTAssertTrue(
            result.stderr.contains(message), "expected '\(message)' in: \(result.stderr)", file: file, line: line)
        XCTAssertFalse(
            result.stderr.contains("DecodingError") || result.stderr.contains("Fatal error"), file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertEqual(home.snapshot(), before, "nothing changed on disk", file: file, line: line)
    }

    func test_unknownPetSuggestsTheNearestName() {
        refuse(["wash", "Towles"], status: 1, "no pet called 'Towles'; did you mean 'Towels'?")
    }

    func test_ambiguousPrefixListsTheCandidates() {
        refuse(["wash", "sock"], status: 1, "'sock' matches 2 pets: 'Sock Drawer', 'Socks'")
    }

    func test_duplicateNameInAnyCase() {
        refuse(["adopt", "SOCKS"], status: 1, "a pet called 'Socks' already exists")
        refuse(["set", "towels", "--name", "sock drawer"], status: 1, "a pet called 'Sock Drawer' already exists")
    }

    func test_emptyBlankAndLongNames() {
        refuse(["adopt", ""], status: 64, "a name cannot be empty or blank")
        refuse(["adopt", "   "], status: 64, "a name cannot be empty or blank")
        refuse(["adopt", String(repeating: "n", count: 31)], status: 64, "at most 30 characters (this one has 31)")
        refuse(["adopt", "two\nlines"], status: 64, "control characters")
    }

    func test_pathAndMarkupCharactersAreKeptLiterallyAndNeverUsedAsPaths() throws {
        for name in ["../../escape", "a/b", "<b>&amp;"] {
            home.ok("adopt", name)
            XCTAssertEqual(home.pet(name)["name"] as? String, name)
        }
        XCTAssertTrue(
            home.files(in: "pets").allSatisfy { $0.count == 41 && $0.hasSuffix(".json") }, "only UUIDs name files")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/../escape"))
        let table = home.ok("list").stdout
        XCTAssertTrue(table.contains("<b>&amp;"), table)
    }

    func test_badDurations() {
        for bad in ["0", "45x", "25h", "1h61m", ""] {
            refuse(["wash", "socks", "--for", bad], status: 64, "laundry: error: --for: ")
        }
        refuse(["wash", "socks", "--for=-5m"], status: 64, "'-5m' is not a duration")
        refuse(["wash", "socks", "--for", "-5m"], status: 64, "'-5m' is not a duration")
        refuse(
            ["wash", "socks", "--for", "25h"], status: 64,
            "--for: a duration must be between 1 second and 24 hours (it is '25h')")
        refuse(["wash", "socks", "--for", "1h61m"], status: 64, "write 2h1m instead of 1h61m")
        refuse(
            ["adopt", "Shirts", "--wash", "0"], status: 64,
            "--wash: a duration must be between 1 second and 24 hours (it is '0')")
    }

    func test_badDaysDatesAndKinds() {
        refuse(["adopt", "Shirts", "--every", "0"], status: 64, "--every must be between 0.01 and 365 days (it is 0)")
        refuse(
            ["adopt", "Shirts", "--every", "-1"], status: 64, "--every must be between 0.01 and 365 days (it is -1)")
        refuse(["adopt", "Shirts", "--every", "weekly"], status: 64, "for example --every 7")
        refuse(["history", "--limit", "-1"], status: 64, "--limit must be at least 1 (it is -1)")
        refuse(["stats", "--weeks", "105"], status: 64, "--weeks must be between 1 and 104 (it is 105)")
        refuse(["adopt", "Shirts", "--last-washed", "tomorrow"], status: 64, "'tomorrow' is not a date")
        refuse(["adopt", "Shirts", "--last-washed", "2099-01-01"], status: 64, "in the future")
        refuse(["adopt", "Shirts", "--kind", "socks"], status: 64, "use one of: clothes, sheets, towels, delicates")
        refuse(["set", "socks"], status: 64, "nothing to change")
    }

    func test_illegalMovesSayWhatFits() {
        refuse(
            ["dry", "socks"], status: 1,
            "cannot dry Socks: it is idle (Ready to start laundry); wash it first: laundry wash Socks")
        refuse(["wash", "towels"], status: 1, "cannot wash Towels: it is washing")
        refuse(["fold", "towels"], status: 1, "cannot fold Towels: it is washing")
        refuse(["resume", "towels"], status: 1, "Towels's timer is not paused")
        refuse(["more-dry", "socks"], status: 1, "cannot more-dry Socks")
    }

    func test_noPetsYet() {
        let empty = LaundryHome()
        let result = empty.run(["wash", "socks"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderrLines, ["laundry: error: you have no pets yet; adopt one with: laundry adopt <name>"])
    }
}
