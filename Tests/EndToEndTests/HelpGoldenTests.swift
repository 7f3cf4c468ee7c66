import Foundation
import LaundryTestSupport
import XCTest

/// Every help page at once, for review: `laundry --help`, each command's `--help` (and each
/// `daemon` subcommand's), and the manual page as `man` renders it, in `Tests/Golden/help.txt`.
final class HelpGoldenTests: XCTestCase {
    private var manualPage: String {
        ProcessInfo.processInfo.environment["LAUNDRY_MAN_PAGE"] ?? SourceTree.root + "/.build/man/laundry.1"
    }

    /// The names under SUBCOMMANDS in a help page.
    private func subcommands(in help: String) -> [String] {
        let lines = help.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "SUBCOMMANDS:") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line in
            // "  name   abstract" (aliases follow the name, comma-separated); wrapped lines start deeper.
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map { String($0).trimmingCharacters(in: .punctuationCharacters) }
        }
    }

    func test_everyHelpPageAndTheManualMatchTheGoldenText() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: manualPage), "run `make test`, which makes the page")
        let home = LaundryHome()
        // One width for every page, whatever terminal runs the tests.
        let wide = ["COLUMNS": "100", "MANWIDTH": "100", "MANPAGER": "cat", "PAGER": "cat"]
        var pages: [String] = []
        func help(_ words: [String]) -> String {
            let result = home.run(words + ["--help"], environment: wide)
            XCTAssertEqual(result.status, 0, "\(words) --help: \(result.stderr)")
            pages.append("=== laundry \((words + ["--help"]).joined(separator: " "))\n" + result.stdout)
            return result.stdout
        }
        let root = help([])
        let commands = subcommands(in: root).filter { $0 != "help" }
        XCTAssertGreaterThan(commands.count, 15, root)
        for command in commands {
            let page = help([command])
            for sub in subcommands(in: page) where sub != "help" { _ = help([command, sub]) }
        }
        let manual = home.runProgram("/usr/bin/man", ["-l", manualPage], environment: wide)
        XCTAssertEqual(manual.status, 0, manual.stderr)
        // The last line carries the page's date, which is the release's, not the test's: kept.
        pages.append("=== man laundry\n" + manual.stdout)
        XCTAssertNil(Golden.difference(pages.joined(separator: "\n"), "help.txt"))
        // A `\\` in a multi-line literal is a backslash, not a line joined: none shows.
        for page in pages { XCTAssertNil(page.range(of: #"\\(\n| )"#, options: .regularExpression), page) }
        let sections = manual.stdout.components(separatedBy: "\n").filter { $0.first?.isUppercase == true }
        XCTAssertEqual(Set(sections).count, sections.count, "no section twice: \(sections)")
    }
}
