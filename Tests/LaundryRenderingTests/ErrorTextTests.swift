import LaundryActions
import LaundryControl
import LaundryCore
import LaundryRendering
import LaundryStore
import LaundryTestSupport
import XCTest

/// Every error is one line that names the problem and the fix, whatever a hand-edited name holds.
final class ErrorTextTests: XCTestCase {
    /// Each ends with the commands that fit, typed as a shell takes them (every refusal's words, in each state:
    /// Tests/Golden/messages*.txt).
    func test_anIllegalMoveNamesWhatFits() throws {
        let idle = try XCTUnwrap(
            ErrorText.line(for: PetError.illegalMove(.dry, pet: "Socks", stage: .idle, timerLeft: nil)))
        XCTAssertTrue(idle.hasSuffix(": " + TypedCommand.typed(.wash, "Socks")), idle)
        let washing = try XCTUnwrap(
            ErrorText.line(for: PetError.illegalMove(.wash, pet: "Bed sheets", stage: .washing, timerLeft: 2640)))
        XCTAssertTrue(washing.contains("44m"), "the time left, as --for reads it: \(washing)")
        XCTAssertTrue(washing.hasSuffix(": " + TypedCommand.typed(.cancel, "Bed sheets")), washing)
        XCTAssertTrue(washing.hasSuffix("'Bed sheets'"), "quoted for the shell: \(washing)")
        let dried = try XCTUnwrap(
            ErrorText.line(for: PetError.illegalMove(.wash, pet: "Socks", stage: .dried, timerLeft: nil)))
        XCTAssertTrue(dried.contains(": " + TypedCommand.typed(.fold, "Socks") + " "), dried)
        XCTAssertTrue(dried.hasSuffix(" " + TypedCommand.typed(.moreDry, "Socks")), dried)
    }

    func test_aMistypedValueNamesTheFix() {
        XCTAssertEqual(ErrorText.line(for: DurationError.malformed("45x"))?.contains("45m, 1h30m"), true)
        XCTAssertEqual(durationRefusal("1h61m").flatMap(ErrorText.line(for:))?.contains("2h1m"), true)
        XCTAssertEqual(ErrorText.line(for: DateInputError.tooEarly("1900-01-01"))?.contains("1970"), true)
    }

    /// Issue 47: `1:30` is an hour and a half; the refusal shows every form `--for` takes, in every language.
    func test_aMistypedDurationShowsEveryFormIncludingHoursAndMinutes() throws {
        for language in ["en"] + Speaking.languages {
            let line = try XCTUnwrap(Speaking.in(language) { ErrorText.line(for: DurationError.malformed("4x5")) })
            for form in [DurationForms.units, DurationForms.clock, DurationForms.hoursAndMinutes + " "] {
                XCTAssertTrue(line.contains(form), "\(language): \(form) in \(line)")
            }
        }
    }

    func test_aMistypedValueIsShownOnOneLineWithControlCharactersEscaped() throws {
        let errors: [any Error] = [
            DurationError.malformed("45x\n"), DurationError.malformed("\u{1B}[31m45x"),
            DurationError.componentOutOfRange(
                "1h\t61m", DurationOverflow(minutes: true, seconds: false, totalSeconds: 7260, clockForm: false)),
            DateInputError.malformed("\u{85}x\n"),
        ]
        let lines = try errors.map { try XCTUnwrap(ErrorText.line(for: $0)) }
        XCTAssertEqual(lines.map { $0.split(whereSeparator: { $0.isNewline }).count }, [1, 1, 1, 1])
        XCTAssertTrue(lines[1].contains("\\u{1b}[31m45x"), lines[1])
        XCTAssertTrue(lines[2].contains("1h\\t61m"), lines[2])
    }

    func test_hostileNamesAreEscapedOnOneLine() throws {
        let hostile = "a\u{202E}b\n\u{1B}[31mc"
        let errors: [any Error] = [
            PetError.unknownPet(hostile, suggestion: hostile),
            PetError.ambiguousPet(hostile, candidates: [hostile, "x"]),
            PetError.invalidName(hostile, .blank),
            PetError.illegalMove(.fold, pet: hostile, stage: .idle, timerLeft: nil),
            PetError.notPaused(pet: hostile),
            PetError.alreadyPaused(pet: hostile),
            StoreError.nameTaken(hostile),
            StoreError.newerSchema(pet: hostile, path: "/p", version: 9),
            StoreError.unreadable(path: hostile, problem: .system(EACCES)),
            CommandError.releaseNeedsConfirmation(pet: hostile),
            ActionError.invalidFakeNow(hostile),
        ]
        for error in errors {
            let line = try XCTUnwrap(ErrorText.line(for: error), "\(error)")
            XCTAssertFalse(line.contains("\n"), line)
            XCTAssertFalse(line.contains("\u{202E}"), line)
            XCTAssertFalse(line.contains("\u{1B}"), line)
            XCTAssertTrue(line.contains("a\\u{202e}b\\n\\u{1b}[31mc"), line)
        }
    }

    func test_everyLayerHasItsWordsAndUnknownErrorsAreLeftToTheParser() {
        // Their words: Tests/Golden/messages*.txt.
        let config = ErrorText.line(for: StoreError.configBroken(path: "/c.json", problem: .json(.notJSON))) ?? ""
        XCTAssertTrue(config.contains(" /c.json ") && config.contains(ErrorText.line(for: .json(.notJSON))), config)
        XCTAssertEqual(ErrorText.line(for: DaemonError.exitedAtOnce(log: "/l"))?.hasSuffix(": /l"), true)
        XCTAssertNil(ErrorText.line(for: CocoaErrorStandIn()))
    }

    private struct CocoaErrorStandIn: Error {}

    /// Bad JSON in config.json: where (line and column), what is there, what belongs there, and the fix; the words
    /// are in the golden files (messages.<lang>.txt), here the facts each line carries.
    func test_badJSONInTheSettingsGivesItsLineColumnAndFix() {
        func line(_ syntax: JSONSyntaxError) -> String {
            ErrorText.line(for: StoreError.configInvalid(path: "/c.json", problem: .notJSON(syntax))) ?? ""
        }
        let comma = line(JSONSyntaxError(line: 3, column: 3, found: "\"", expected: .commaOrObjectEnd))
        XCTAssertTrue(comma.hasPrefix("/c.json: ") && comma.contains("'\"'"), comma)
        XCTAssertNotEqual(comma, line(JSONSyntaxError(line: 3, column: 4, found: "\"", expected: .commaOrObjectEnd)))
        XCTAssertNotEqual(comma, line(JSONSyntaxError(line: 4, column: 3, found: "\"", expected: .commaOrObjectEnd)))
        XCTAssertNotEqual(comma, line(JSONSyntaxError(line: 3, column: 3, found: "\"", expected: .value)))
        let end = line(.init(line: 1, column: 10, found: nil, expected: .value))
        XCTAssertTrue(end.contains(Words.text("the end of the file")), end)
        XCTAssertTrue(end.contains("10"), end)
    }
}
