import Foundation
import LaundryTestSupport
import XCTest

@testable import LaundryCore

final class ShellQuoteTests: XCTestCase {
    func testSafeWordsStayBare() {
        for word in ["socks", "Bed-sheets_2", "a.b,c:d+e@f%g/h=i", "Überzug", "枕カバー"] {
            XCTAssertEqual(ShellQuote.quote(word), word)
        }
    }

    func testEverythingElseIsSingleQuoted() {
        XCTAssertEqual(ShellQuote.quote("bed sheets"), "'bed sheets'")
        XCTAssertEqual(ShellQuote.quote("Tom's socks"), "'Tom'\\''s socks'")
        XCTAssertEqual(ShellQuote.quote("-x"), "'-x'", "a leading dash would read as an option")
        XCTAssertEqual(ShellQuote.quote(""), "''")
        XCTAssertEqual(ShellQuote.quote("$(rm -rf ~)"), "'$(rm -rf ~)'")
        XCTAssertEqual(ShellQuote.quote("tab\there"), "'tab\there'")
        XCTAssertEqual(ShellQuote.quote("no\u{00A0}break"), "'no\u{00A0}break'", "non-ASCII white space is quoted")
    }

    /// A name beginning with a dash goes after `--`, which ends the options; others are only quoted.
    func testANameBeginningWithADashIsAnArgumentAfterTheOptionsEnd() {
        XCTAssertEqual(ShellQuote.argument("--json"), "-- '--json'")
        XCTAssertEqual(ShellQuote.argument("Tom's socks"), "'Tom'\\''s socks'")
        XCTAssertEqual(ShellQuote.typed("--for"), "--for", "an option as typed")
    }

    /// What the shell itself makes of the quoted word is the word.
    func testRealShellReadsTheWordBack() {
        for word in [
            "Tom's socks", "-x", "a\"b", "back\\slash", "new\nline", "$HOME `x`", "''", "a'\u{301}$(id)",
            "'\u{301}'\u{302}",
        ] {
            let shell = Spawn.run(
                "/bin/sh", ["-c", "printf %s " + ShellQuote.quote(word)],
                environment: ProcessInfo.processInfo.environment)
            XCTAssertEqual(shell.status, 0, shell.stderr)
            XCTAssertEqual(shell.stdout, word)
        }
    }
}
