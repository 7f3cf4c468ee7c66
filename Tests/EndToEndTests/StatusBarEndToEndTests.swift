import Foundation
import LaundryTestSupport
import XCTest

/// `status --format` and `--follow` as bars run them: the real binary, a real pipe, real tmux.
final class StatusBarEndToEndTests: XCTestCase {
    private let tmux = Tmux()

    override func tearDown() { tmux("kill-server") }

    private func follow(_ home: LaundryHome, _ arguments: String...) -> LineStream {
        LineStream(LaundryHome.binary, ["status", "--follow"] + arguments, environment: home.environment)
    }

    func test_aWashStartedElsewhereAppearsInTheStreamWithin200Milliseconds() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        let stream = follow(home, "--format", "waybar")
        XCTAssertEqual(stream.waitForLine { _ in true }?.text, "", "nothing needs attention: one empty line")

        let started = Date()
        home.ok("wash", "Socks", "--for", "10m")
        let written = Date()
        let line = try XCTUnwrap(stream.waitForLine { $0.contains("Socks") }, "\(stream.received)")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any])
        XCTAssertEqual(object["class"] as? String, "running")
        XCTAssertTrue((object["text"] as? String)?.hasPrefix("🫧 Socks 10:00") == true, line.text)
        let delay = line.at.timeIntervalSince(started)
        print(
            "status --follow: the wash was in the stream \(Int(delay * 1000)) ms after the command started "
                + "(it ended after \(Int(written.timeIntervalSince(started) * 1000)) ms)")
        XCTAssertLessThan(delay, 0.2)

        // Then each second while it counts down, and nothing between: three more lines, each a
        // second after the one before.
        XCTAssertTrue(waitUntil(5) { stream.received.filter { $0.text.contains("Socks") }.count >= 4 })
        let counting = stream.received.filter { $0.text.contains("Socks") }
        // Each line a second less on the countdown than the one before, and not sent in a burst.
        func left(_ text: String) -> Int? {
            guard let match = text.firstMatch(of: /(\d+):(\d{2})/), let minutes = Int(match.1),
                let seconds = Int(match.2)
            else { return nil }
            return minutes * 60 + seconds
        }
        for (earlier, later) in zip(counting, counting.dropFirst()) {
            XCTAssertEqual(left(later.text).map { left(earlier.text)! - $0 }, 1, "\(counting.map(\.text))")
            XCTAssertGreaterThan(later.at.timeIntervalSince(earlier.at), 0.5, "one line a second")
        }
        XCTAssertEqual(Set(counting.map(\.text)).count, counting.count, "a line only when it changes")
    }

    /// README's i3blocks snippet in i3blocks itself (Debian's 1.4): the block shows a finished load
    /// and is gone once the load is folded, without "pipe closed" (which an empty line caused).
    func test_i3blocksShowsAWaitingLoadAndHidesTheBlockOnceItIsFolded() throws {
        let i3blocks = "/usr/bin/i3blocks"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: i3blocks), "needs i3blocks: `make test`")
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        let config = home.path + "/i3blocks.conf"
        try """
        [laundry]
        command='\(LaundryHome.binary)' status --format i3blocks --follow
        interval=persist
        format=json

        """.write(toFile: config, atomically: true, encoding: .utf8)
        let errors = home.path + "/i3blocks.err"
        let bar = LineStream(
            "/bin/sh", ["-c", "exec '\(i3blocks)' -c '\(config)' 2>'\(errors)'"], environment: home.environment)
        // i3bar's protocol: a header, then one JSON array of blocks per update.
        func shown(_ line: String) -> String? {
            let array = line.hasPrefix(",") ? String(line.dropFirst()) : line
            let blocks = (try? JSONSerialization.jsonObject(with: Data(array.utf8))) as? [[String: Any]]
            return blocks?.first { $0["name"] as? String == "laundry" }?["full_text"] as? String
        }
        home.ok("wash", "Socks", "--for", "1s")
        let waiting = bar.waitForLine { shown($0) == "🧺 Socks" }
        XCTAssertNotNil(waiting, "\(bar.received.map(\.text))")
        let folded = Date()
        home.ok("fold", "Socks")
        let hidden = waitUntil(5) {
            bar.received.last.map { $0.at > folded && (shown($0.text) ?? "").isEmpty } ?? false
        }
        XCTAssertTrue(hidden, "the block is still shown after the fold: \(bar.received.map(\.text))")
        let logged = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        XCTAssertFalse(logged.contains("pipe closed"), logged)
    }

    /// The issue seen on a real bar: a dryer's countdown hid a wash that had finished.
    func test_aFinishedLoadComesBeforeAnotherPetsCountdownInEveryBar() {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        home.ok("adopt", "Towels", "--kind", "towels")
        let start = ["LAUNDRY_FAKE_NOW": "2026-11-20T14:00:00Z"]
        home.ok("wash", "Towels", "--for", "10m", environment: start)
        home.ok("wash", "Socks", "--for", "1h", environment: start)
        let later = ["LAUNDRY_FAKE_NOW": "2026-11-20T14:20:00Z"]
        XCTAssertEqual(home.run(["status", "--format", "plain"], environment: later).stdout, "🧺 Towels\n")
        XCTAssertEqual(
            home.run(["status", "--format", "polybar"], environment: later).stdout, "%{F#e5c07b}🧺 Towels%{F-}\n")
        XCTAssertEqual(
            home.run(["status", "--template", "{icon} {name} {count}"], environment: later).stdout, "🧺 Towels 2\n")
    }

    func test_theStreamEndsQuietlyWithinASecondWhenItsReaderGoes() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        let stream = follow(home, "--format", "i3blocks")
        XCTAssertNotNil(stream.waitForLine { _ in true })
        stream.closeReader()
        let started = Date()
        let result = try XCTUnwrap(stream.exit(within: 1), "still running a second after its reader left")
        print("status --follow: ended \(Int(Date().timeIntervalSince(started) * 1000)) ms after its reader left")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
    }

    func test_anIdleStreamWakesAtMostOnceIn20Seconds() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        let stream = follow(home, "--format", "waybar")
        XCTAssertNotNil(stream.waitForLine { _ in true })
        let trace = home.path + "/strace.txt"
        let strace = home.runProgram(
            "timeout",
            [
                "-s", "INT", "20", "strace", "-f", "-qq", "-o", trace, "-e", "trace=!write",
                "-p", String(stream.process.pid),
            ])
        XCTAssertNotEqual(strace.status, -1, strace.stderr)
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        // The poll it sleeps in when strace attaches is resumed (restart_syscall); each one that
        // returns is a wake-up.
        let sleeps = calls.filter { $0.contains("poll(") || $0.contains("restart_syscall(") }
        let wakeUps = sleeps.filter { !$0.contains("<detached") && !$0.contains("<unfinished") }
        print("status --follow, idle: \(wakeUps.count) wake-up(s) in 20 s:\n\(calls.joined(separator: "\n"))")
        XCTAssertFalse(sleeps.isEmpty, "strace saw the stream sleep: \(calls)")
        XCTAssertLessThanOrEqual(wakeUps.count, 1, calls.joined(separator: "\n"))
    }

    func test_whenTheFolderGoesTheStreamStopsWithAClearError() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        let stream = follow(home, "--format", "plain")
        XCTAssertNotNil(stream.waitForLine { _ in true })
        try FileManager.default.removeItem(atPath: home.data + "/machines")
        let result = try XCTUnwrap(stream.exit(within: 2))
        XCTAssertEqual(result.status, 1)
        // `rm -r` empties the innermost folder first: whichever watched folder the stream finds gone
        // first is named.
        XCTAssertTrue(result.stderr.hasPrefix("laundry: error: \(home.data)/machines"), result.stderr)
        XCTAssertTrue(
            result.stderr.hasSuffix(
                " is gone (moved or deleted), so the stream has stopped; start it again once LAUNDRY_HOME is back\n"),
            result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    }

    func test_whenTheFolderIsMovedAwayTheStreamStopsToo() throws {
        // The machines folder renamed: its watch says so at once.
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        let stream = follow(home, "--format", "plain")
        XCTAssertNotNil(stream.waitForLine { _ in true })
        try FileManager.default.moveItem(atPath: home.data + "/machines", toPath: home.data + "/machines.old")
        let renamed = try XCTUnwrap(stream.exit(within: 2), "still running after machines/ was renamed")
        XCTAssertEqual(renamed.status, 1)
        XCTAssertTrue(renamed.stderr.contains("/machines is gone (moved or deleted)"), renamed.stderr)

        // LAUNDRY_HOME itself moved: no event reaches the folders inside, the next look (here the
        // countdown's second) finds them gone.
        let moving = LaundryHome()
        moving.ok("adopt", "Socks")
        moving.ok("wash", "Socks", "--for", "10m")
        let counting = follow(moving, "--format", "plain")
        XCTAssertNotNil(counting.waitForLine { _ in true })
        try FileManager.default.moveItem(atPath: moving.data, toPath: moving.data + "-moved")
        defer { try? FileManager.default.removeItem(atPath: moving.data + "-moved") }
        let moved = try XCTUnwrap(counting.exit(within: 3), "still running after LAUNDRY_HOME moved")
        XCTAssertEqual(moved.status, 1)
        XCTAssertTrue(moved.stderr.contains("is gone (moved or deleted)"), moved.stderr)
    }

    func test_eachFormatFromTheCommandLineAndThroughTheFastPathAgree() {
        let home = LaundryHome()
        home.ok("adopt", "Socks #1")
        home.ok("adopt", "Towels")
        home.ok("wash", "Towels", "--for", "10m", environment: ["LAUNDRY_FAKE_NOW": "2026-11-22T10:00:00Z"])
        // Half a second into a countdown second, so runs a few milliseconds apart read the same.
        let at = ["LAUNDRY_FAKE_NOW": "2026-11-22T10:04:00.5Z"]
        for format in ["waybar", "i3blocks", "polybar", "tmux", "plain"] {
            let fast = home.ok("status", "--format", format, environment: at).stdout
            XCTAssertEqual(home.ok("status", "--format=\(format)", environment: at).stdout, fast, format)
            // Upper case is not the fast path's exact spelling: ArgumentParser parses it, the same code prints.
            let slow = home.ok("status", "--format", format.uppercased(), environment: at)
            XCTAssertTrue(fast.contains("🫧 Towels 6:0"), "\(format): \(fast)")
            XCTAssertEqual(fast, slow.stdout, format)
        }
        XCTAssertEqual(home.ok("status", "--format", "plain", environment: at).stdout, "🫧 Towels 6:00\n")
        XCTAssertEqual(home.ok("status", "Socks #1", "--format", "plain", environment: at).stdout, "\n")
        XCTAssertEqual(
            home.ok("status", "--template", "{name} ends {ends}", environment: at).stdout, "Towels ends 10:10\n")

        let bad = home.run(["status", "--template", "{icon} {nmae}"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("--template has no field {nmae}; use any of {icon} {name}"), bad.stderr)
        XCTAssertEqual(bad.stderrLines.count, 1)
        XCTAssertEqual(home.run(["status", "--json", "--format", "tmux"]).status, 64)
        XCTAssertEqual(home.run(["status", "--json", "--template", "{name}"]).status, 64)
        XCTAssertEqual(home.run(["status", "--format", "lemonbar"]).status, 64)
    }

    /// The way the issue reads a `#()` job back: only a refresh of the same client shows its output.
    private func statusRight() -> String {
        let shown = tmux(
            "display-message", "-p", "#{T:status-right}", ";", "run-shell", "sleep 1", ";",
            "display-message", "-p", "#{T:status-right}")
        return shown.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last.map(String.init) ?? ""
    }

    func test_tmuxShowsTheRunningLoadInItsStatusLine() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks #1")
        home.ok("wash", "Socks #1", "--for", "10m")
        let command = "env LAUNDRY_HOME='\(home.data)' TZ=UTC '\(LaundryHome.binary)' status --format tmux"
        tmux("-f", "/dev/null", "new-session", "-d", "-s", "bar", "-x", "120", "-y", "10", "sleep 60")
        tmux("set", "-g", "status-right-length", "100")
        tmux("set", "-g", "status-right", "#(\(command))")
        let right = statusRight()
        XCTAssertNotNil(
            right.firstMatch(of: /#\[fg=blue\]🫧 Socks ##1 \d+:\d\d#\[fg=default\]/),
            "expanded once, as tmux then draws it: \(right)")

        // What a person sees: the status line of a client attached inside another tmux's pane.
        let viewer = Tmux()
        defer { viewer("kill-server") }
        viewer(
            "-f", "/dev/null", "new-session", "-d", "-s", "view", "-x", "130", "-y", "12",
            "env -u TMUX tmux -L \(tmux.socket) attach -t bar")
        tmux("set", "-g", "status-interval", "1")
        let drawn = /🫧 Socks #1 \d+:\d\d/
        let screen = viewer.waitForScreen("view") { $0.firstMatch(of: drawn) != nil }
        XCTAssertNotNil(screen.firstMatch(of: drawn), "the status line reads as the name is written:\n\(screen)")

        // A `--follow` job keeps the line current: a fold clears it within a refresh.
        tmux("set", "-g", "status-right", "#(\(command) --follow)")
        _ = viewer.waitForScreen("view") { $0.firstMatch(of: drawn) != nil }
        home.ok("cancel", "Socks #1")
        let cleared = viewer.waitForScreen("view") { !$0.contains("Socks") }
        XCTAssertFalse(cleared.contains("Socks"), "cleared once the load was cancelled:\n\(cleared)")
    }
}
