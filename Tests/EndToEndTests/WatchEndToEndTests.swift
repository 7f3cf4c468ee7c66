import Foundation
import XCTest

/// `laundry watch` in a real terminal (tmux), and plainly into a pipe.
final class WatchEndToEndTests: XCTestCase {
    private let tmux = Tmux()

    override func tearDown() {
        tmux("kill-server")
    }

    func test_watchCountsDownInPlaceInATerminal() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        home.ok("adopt", "Towels")
        home.ok("wash", "Socks", "--for", "4s")
        home.ok("wash", "Towels", "--for", "1h")
        let session = "laundry-watch-\(UUID().uuidString.prefix(8))"
        let command = "env LAUNDRY_HOME='\(home.path)' TZ=UTC '\(LaundryHome.binary)' watch"
        tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "20", command)

        Thread.sleep(forTimeInterval: 1.3)
        let first = tmux("capture-pane", "-p", "-t", session)
        Thread.sleep(forTimeInterval: 1.0)
        let second = tmux("capture-pane", "-p", "-t", session)
        XCTAssertTrue(first.contains("Socks") && first.contains("Towels"), first)
        let countdown = try XCTUnwrap(Self.countdown(of: "Socks", in: first), first)
        let later = try XCTUnwrap(Self.countdown(of: "Socks", in: second), second)
        XCTAssertLessThan(later, countdown, "the countdown ticks: \(countdown) → \(later)")
        XCTAssertEqual(
            second.components(separatedBy: "laundry watch").count, 2, "redrawn in place, not scrolled:\n\(second)")

        Thread.sleep(forTimeInterval: 3.0)
        let done = tmux("capture-pane", "-p", "-t", session)
        XCTAssertTrue(done.contains("wash done → laundry dry Socks"), done)

        tmux("send-keys", "-t", session, "C-c")
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertFalse(
            tmux("list-panes", "-t", session, "-F", "#{pane_current_command}").contains("laundry"), "Ctrl-C ends it")
    }

    func test_watchIntoAPipeIsPlainAndCanStopWhenDone() {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        home.ok("wash", "Socks", "--for", "2s")
        let result = home.run(["watch", "--exit-when-done"])
        XCTAssertEqual(result.status, 0)
        XCTAssertFalse(result.stdout.contains("\u{1B}"), "no escape codes into a pipe")
        XCTAssertTrue(result.stdout.contains("0:01"), result.stdout)
        XCTAssertTrue(result.stdout.contains("wash done"), result.stdout)
    }

    /// Seconds left on the pet's line, from `m:ss`.
    static func countdown(of name: String, in screen: String) -> Int? {
        guard let line = screen.split(separator: "\n").first(where: { $0.contains(name) }),
            let match = line.range(of: #"\b\d+:\d\d\b"#, options: .regularExpression)
        else { return nil }
        let parts = line[match].split(separator: ":").compactMap { Int($0) }
        return parts[0] * 60 + parts[1]
    }
}
