import Foundation
import LaundryTestSupport
import XCTest

/// The man page `make test` generates with swift-argument-parser's manual generator.
final class ManualPageEndToEndTests: XCTestCase {
    private var page: String {
        ProcessInfo.processInfo.environment["LAUNDRY_MAN_PAGE"] ?? SourceTree.root + "/.build/man/laundry.1"
    }

    func test_rendersWithoutWarningsAndHasTheExtraSections() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: page), "run `make test`, which generates \(page)")
        let home = LaundryHome()
        let rendered = home.runProgram(
            "/usr/bin/man", ["-l", page], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        XCTAssertEqual(rendered.status, 0)
        XCTAssertEqual(rendered.stderr, "", "man -l prints no warning")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
            XCTAssertTrue(rendered.stdout.contains("\n\(section)\n"), "section \(section)")
        }
        for variable in [
            "LAUNDRY_HOME", "LAUNDRY_DATA_DIR", "LAUNDRY_NO_AUTOSTART", "NO_COLOR", "XDG_DATA_HOME", "XDG_STATE_HOME",
            "XDG_RUNTIME_DIR",
        ] {
            XCTAssertTrue(rendered.stdout.contains(variable), variable)
        }
        for command in ["adopt", "wash", "more-dry", "watch"] {
            XCTAssertTrue(rendered.stdout.contains(command), command)
        }
    }
}
