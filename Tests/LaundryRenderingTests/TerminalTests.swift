import LaundryRendering
import XCTest

final class TerminalTests: XCTestCase {
    func test_colourOnlyOnATerminalWithoutNoColorOrDumbTerm() {
        XCTAssertTrue(Terminal(environment: ["TERM": "xterm"], stdoutIsTerminal: true).useColor)
        XCTAssertFalse(Terminal(environment: ["TERM": "xterm"], stdoutIsTerminal: false).useColor, "not a terminal")
        XCTAssertFalse(Terminal(environment: ["NO_COLOR": "1"], stdoutIsTerminal: true).useColor)
        XCTAssertTrue(
            Terminal(environment: ["NO_COLOR": ""], stdoutIsTerminal: true).useColor, "empty NO_COLOR is unset")
        XCTAssertFalse(Terminal(environment: ["TERM": "dumb"], stdoutIsTerminal: true).useColor)
    }

    func test_barsAtTheirEdges() {
        XCTAssertEqual(Bars.health(100), "██████████")
        XCTAssertEqual(Bars.health(0), "░░░░░░░░░░")
        XCTAssertEqual(Bars.health(1), "█░░░░░░░░░", "anything above zero shows")
        XCTAssertEqual(Bars.progress(0.55), "▰▰▰▰▰▱▱▱▱▱")
    }

    func test_widthsOfEmojiAndControls() {
        XCTAssertEqual(TextWidth.of("🛏️"), 2)
        XCTAssertEqual(TextWidth.of("🫧"), 2)
        XCTAssertEqual(TextWidth.of("a\u{7}b"), 2)
        XCTAssertEqual(TextWidth.padded("洗", to: 4), "洗  ")
    }
}
