import LaundryActions
import LaundryControl
import LaundryCore
import LaundryRendering
import LaundryStore
import XCTest

/// Every error is one line that names the problem and the fix, whatever a hand-edited name holds.
final class ErrorTextTests: XCTestCase {
    func test_anIllegalMoveNamesWhatFits() {
        XCTAssertEqual(
            ErrorText.line(for: PetError.illegalMove(.dry, pet: "Socks", stage: .idle, timerLeft: nil)),
            "cannot dry Socks: it is idle (Ready to start laundry); wash it first: laundry wash Socks")
        XCTAssertEqual(
            ErrorText.line(for: PetError.illegalMove(.wash, pet: "Bed sheets", stage: .washing, timerLeft: 2640)),
            "cannot wash Bed sheets: it is washing (Washing…); wait for it to finish (44:00 left), "
                + "or stop it with: laundry cancel 'Bed sheets'")
        XCTAssertEqual(
            ErrorText.line(for: PetError.illegalMove(.wash, pet: "Socks", stage: .dried, timerLeft: nil)),
            "cannot wash Socks: it is dried (Dry complete! Time to fold); "
                + "next: laundry fold Socks or laundry more-dry Socks")
    }

    func test_aMistypedValueNamesTheFix() {
        XCTAssertEqual(ErrorText.line(for: DurationError.malformed("45x"))?.contains("45m, 1h30m"), true)
        XCTAssertEqual(ErrorText.line(for: DurationError.componentOutOfRange("1h61m"))?.contains("2h1m"), true)
        XCTAssertEqual(ErrorText.line(for: DateInputError.tooEarly("1900-01-01"))?.contains("before 1970"), true)
    }

    func test_aMistypedValueIsShownOnOneLineWithControlCharactersEscaped() throws {
        let errors: [any Error] = [
            DurationError.malformed("45x\n"), DurationError.malformed("\u{1B}[31m45x"),
            DurationError.componentOutOfRange("1h\t61m"), DateInputError.malformed("\u{85}x\n"),
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
        XCTAssertEqual(
            ErrorText.line(for: StoreError.configBroken(path: "/c.json", problem: .json(.notJSON))),
            "the settings file /c.json is broken: it is not valid JSON; fix it, or delete it to use the defaults")
        XCTAssertEqual(
            ErrorText.line(for: DaemonError.exitedAtOnce(log: "/l")),
            "the laundry daemon exited at once; its log says why: /l")
        XCTAssertNil(ErrorText.line(for: CocoaErrorStandIn()))
    }

    private struct CocoaErrorStandIn: Error {}
}
