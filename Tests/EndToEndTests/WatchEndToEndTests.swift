import Foundation
import LaundryRendering
import LaundryTestSupport
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

        let pane = { self.tmux("capture-pane", "-p", "-t", session) }
        var first = ""
        XCTAssertTrue(
            waitUntil(5) {
                first = pane()
                return first.contains("Towels") && Self.countdown(of: "Socks", in: first) != nil
            }, first)
        let countdown = try XCTUnwrap(Self.countdown(of: "Socks", in: first), first)
        var second = ""
        XCTAssertTrue(
            waitUntil(3) {
                second = pane()
                return (Self.countdown(of: "Socks", in: second) ?? countdown) < countdown
            }, "the countdown ticks: \(countdown), then\n\(second)")
        XCTAssertEqual(
            second.components(separatedBy: "laundry watch").count, 2, "redrawn in place, not scrolled:\n\(second)")

        // Washed: the row offers the dryer (the words: Tests/Golden/outputs.txt).
        XCTAssertTrue(waitUntil(8) { pane().contains("→ " + TypedCommand.typed(.dry, "Socks")) }, pane())

        tmux("send-keys", "-t", session, "C-c")
        XCTAssertTrue(
            waitUntil(3) {
                !self.tmux("list-panes", "-t", session, "-F", "#{pane_current_command}").contains("laundry")
            }, "Ctrl-C ends it")
    }

    func test_watchIntoAPipeIsPlainAndCanStopWhenDone() {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        home.ok("wash", "Socks", "--for", "2s")
        let result = home.run(["watch", "--exit-when-done"])
        XCTAssertEqual(result.status, 0)
        XCTAssertFalse(result.stdout.contains("\u{1B}"), "no escape codes into a pipe")
        XCTAssertTrue(result.stdout.contains("0:01"), result.stdout)
        XCTAssertTrue(result.stdout.contains("→ " + TypedCommand.typed(.dry, "Socks")), "washed: \(result.stdout)")
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
