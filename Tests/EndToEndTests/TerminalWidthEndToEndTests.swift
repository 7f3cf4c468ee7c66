import Foundation
import LaundryRendering
import LaundryTestSupport
import XCTest

/// Tables fit a real terminal (tmux): `COLUMNS` where set, else the window's width; a pipe keeps every column.
final class TerminalWidthEndToEndTests: XCTestCase {
    private let tmux = Tmux()

    override func tearDown() {
        tmux("kill-server")
    }

    func test_tablesFitColumnsOrTheWindowOnATerminalAndAPipeKeepsEveryColumn() throws {
        let home = LaundryHome()
        home.ok("adopt", "Grandma's Wool Jumpers")
        home.ok("adopt", "Bettwäsche für Gäste", "--kind", "sheets")
        home.ok("wash", "Grandma", "--for", "1h30m")
        home.ok("snooze", "Grandma", "--for", "45m")
        home.ok("wash", "Bettw", "--for", "5s")
        let pipe = home.run(["status"], environment: ["COLUMNS": "60"]).stdout
        XCTAssertGreaterThan(Self.widest(pipe), 80, "into a pipe every column is kept:\n\(pipe)")

        for (window, columns) in [(120, "60"), (60, nil)] {
            let screen = run(home, window: window, columns: columns)
            let lines = screen.split(separator: "\n").map(String.init)
            XCTAssertTrue(lines.contains("END"), screen)
            XCTAssertLessThanOrEqual(
                Self.widest(screen), 60, "\(window) columns, COLUMNS=\(columns ?? "-"):\n\(screen)")
            let header = try XCTUnwrap(lines.first { $0.hasPrefix("    ") }, screen)
            let pipeHeader = String(pipe.prefix { $0 != "\n" })
            XCTAssertLessThan(Self.words(header), Self.words(pipeHeader), "columns left out:\n\(header)")
        }
    }

    /// What `status`, `status <pet>`, `loads` and `stats` show in a tmux window `window` columns wide.
    private func run(_ home: LaundryHome, window: Int, columns: String?) -> String {
        let session = "laundry-width-\(UUID().uuidString.prefix(8))"
        let environment = ["LAUNDRY_HOME", "LAUNDRY_NO_AUTOSTART", "TZ", "LANG", "LOCPATH", "XDG_CONFIG_HOME"]
            .compactMap { key in home.environment[key].map { "\(key)='\($0)'" } }.joined(separator: " ")
        let laundry = "'\(LaundryHome.binary)'"
        let commands = ["status", "status Grandma", "loads", "stats"].map { "\(laundry) \($0)" }
        let script = commands.joined(separator: "; ") + "; echo END; sleep 30"
        tmux(
            "new-session", "-d", "-s", session, "-x", String(window), "-y", "100",
            "env -u COLUMNS \(environment) \(columns.map { "COLUMNS=\($0)" } ?? "") sh -c \"\(script)\"")
        _ = tmux.waitForScreen(session, timeout: 10) { $0.contains("\nEND") }
        // Lines the terminal wrapped come back whole (-J): a line wider than the window is seen as it is.
        return tmux("capture-pane", "-p", "-J", "-t", session)
    }

    private static func widest(_ text: String) -> Int {
        text.split(separator: "\n").map { TextFit.columns(String($0)) }.max() ?? 0
    }

    private static func words(_ line: String) -> Int { line.split(separator: " ").count }
}
