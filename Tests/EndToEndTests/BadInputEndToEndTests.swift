import Foundation
import LaundryCore
import LaundryRendering
import LaundryTestSupport
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

    /// Runs a command that must fail with `status` and one error line, and checks that no file
    /// changed: the line says `error` as laundry words it (Tests/Golden/messages.txt holds the words).
    private func refuse(
        _ arguments: [String], status: Int32, says error: any Error, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let result = refuse(arguments, status: status, file: file, line: line)
        let expected = ErrorText.line(for: error) ?? "\(error)"
        XCTAssertTrue(
            result.stderr.contains(expected), "expected '\(expected)' in: \(result.stderr)", file: file, line: line)
    }

    /// The same, for a refusal worded in the command itself: the line names each of `values` (what
    /// was typed, the bounds, the options).
    private func refuse(
        _ arguments: [String], status: Int32, naming values: String..., file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let result = refuse(arguments, status: status, file: file, line: line)
        for value in values {
            XCTAssertTrue(
                result.stderr.contains(value), "'\(value)' not named in: \(result.stderr)", file: file, line: line)
        }
    }

    @discardableResult
    private func refuse(
        _ arguments: [String], status: Int32, file: StaticString, line: UInt
    ) -> LaundryHome.Result {
        let before = home.snapshot()
        let result = home.run(arguments)
        XCTAssertEqual(result.status, status, "laundry \(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stderrLines.count, 1, "one line: \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("laundry: error: "), result.stderr, file: file, line: line)
        XCTAssertFalse(showsSwiftInternals(result.stderr), result.stderr, file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertEqual(home.snapshot(), before, "nothing changed on disk", file: file, line: line)
        return result
    }

    func test_unknownPetSuggestsTheNearestName() {
        refuse(["wash", "Towles"], status: 1, says: PetError.unknownPet("Towles", suggestion: "Towels"))
    }

    func test_ambiguousPrefixListsTheCandidates() {
        refuse(["wash", "sock"], status: 1, says: PetError.ambiguousPet("sock", candidates: ["Sock Drawer", "Socks"]))
    }

    func test_duplicateNameInAnyCase() {
        refuse(["adopt", "SOCKS"], status: 1, naming: "'Socks'")
        refuse(["set", "towels", "--name", "sock drawer"], status: 1, naming: "'Sock Drawer'")
    }

    func test_emptyBlankAndLongNames() {
        refuse(["adopt", ""], status: 64, says: PetError.invalidName("", .blank))
        refuse(["adopt", "   "], status: 64, says: PetError.invalidName("   ", .blank))
        let long = String(repeating: "n", count: 31)
        refuse(["adopt", long], status: 64, says: PetError.invalidName(long, .tooLong(characters: 31, limit: 30)))
        refuse(["adopt", "two\nlines"], status: 64, says: PetError.invalidName("two\nlines", .invisible(0x0A)))
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
            refuse(["wash", "socks", "--for", bad], status: 64, naming: "laundry: error: --for: ")
        }
        refuse(["wash", "socks", "--for=-5m"], status: 64, naming: "--for", "'-5m'")
        refuse(["wash", "socks", "--for", "-5m"], status: 64, naming: "--for", "'-5m'")
        refuse(
            ["wash", "socks", "--for", "25h"], status: 64,
            naming: "--for: " + (ErrorText.line(for: DurationError.tooLong) ?? ""), "'25h'")
        refuse(["wash", "socks", "--for", "1h61m"], status: 64, naming: "2h1m", "1h61m")
        refuse(
            ["adopt", "Shirts", "--wash", "0"], status: 64,
            naming: "--wash: " + (ErrorText.line(for: DurationError.tooShort) ?? ""), "'0'")
    }

    func test_badDaysDatesAndKinds() throws {
        refuse(["adopt", "Shirts", "--every", "0"], status: 64, naming: "--every", "0.01", "365")
        refuse(
            ["adopt", "Shirts", "--every", "-1"], status: 64, naming: "--every", "0.01", "365", "-1")
        refuse(["adopt", "Shirts", "--every", "weekly"], status: 64, says: PetError.invalidCycleDays("weekly"))
        refuse(["history", "--limit", "-1"], status: 64, naming: "--limit", "-1")
        refuse(["stats", "--weeks", "105"], status: 64, naming: "--weeks", "104", "105")
        refuse(
            ["adopt", "Shirts", "--last-washed", "tomorrow"], status: 64, says: DateInputError.malformed("tomorrow"))
        refuse(
            ["adopt", "Shirts", "--last-washed", "2099-01-01"], status: 64, says: DateInputError.inFuture("2099-01-01"))
        refuse(
            ["adopt", "Shirts", "--kind", "socks"], status: 64,
            says: PetError.unknownKind(
                "socks",
                known: try JSONDecoder().decode(
                    KindCatalog.self,
                    from: Data(contentsOf: URL(fileURLWithPath: SourceTree.root + "/data/kinds.json"))
                ).kinds))
        refuse(["set", "socks"], status: 64, naming: "(see: laundry set --help)")
    }

    /// Commands forgive typos as pet names do: a usage error (64) with the nearest command, `help <unknown>` too.
    func test_aMistypedCommandSuggestsTheNearest() {
        let typos: [([String], String, String, String?)] = [
            (["stauts"], "stauts", "laundry", "status"), (["wahs", "socks"], "wahs", "laundry", "wash"),
            (["hlep"], "hlep", "laundry", "help"), (["daemon", "strat"], "strat", "laundry daemon", "start"),
            (["household", "trns"], "trns", "laundry household", "turns"),
            (["help", "stauts"], "stauts", "laundry", "status"), (["help", "nonsense"], "nonsense", "laundry", nil),
        ]
        for (typed, word, command, nearest) in typos {
            refuse(typed, status: 64, says: CommandError.unknownCommand(word, in: command, suggestion: nearest))
        }
    }

    /// A bare length after a pet: refused with the line that gives it `--for` (`--by` for extend), which then runs.
    func test_aBareLengthSuggestsItsOptionAndTheSuggestionRuns() throws {
        home.environment["PATH"] =
            URL(fileURLWithPath: LaundryHome.binary).deletingLastPathComponent().path + ":"
            + (home.environment["PATH"] ?? "/usr/bin:/bin")
        let lines: [([String], String, String)] = [
            (["wash", "socks", "5m"], "--for", "laundry wash socks --for 5m"),
            (["snooze", "--", "socks", "1h"], "--for", "laundry snooze --for 1h -- socks"),
            (["extend", "towels", "-5m"], "--by", "laundry extend towels --by -5m"),
        ]
        for (typed, option, fixed) in lines {
            refuse(typed, status: 64, says: CommandError.lengthWithoutOption(option: option, fixed: fixed))
            let ran = home.runProgram("/bin/sh", ["-c", fixed])
            XCTAssertEqual(ran.status, 0, "\(fixed): \(ran.stderr)")
        }
    }

    func test_illegalMovesSayWhatFits() {
        refuse(
            ["dry", "socks"], status: 1, says: PetError.illegalMove(.dry, pet: "Socks", stage: .idle, timerLeft: nil))
        // A running load's refusal says how long it has left: the move and the pet, then the way on.
        refuse(["wash", "towels"], status: 1, naming: "Towels", "laundry cancel Towels")
        refuse(["fold", "towels"], status: 1, naming: "Towels", "laundry cancel Towels")
        refuse(["resume", "towels"], status: 1, says: PetError.notPaused(pet: "Towels"))
        refuse(
            ["more-dry", "socks"], status: 1,
            says: PetError.illegalMove(.moreDry, pet: "Socks", stage: .idle, timerLeft: nil))
    }

    func test_noPetsYet() {
        let empty = LaundryHome()
        let result = empty.run(["wash", "socks"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines, ["laundry: error: " + (ErrorText.line(for: PetError.noPets) ?? "")])
    }
}
