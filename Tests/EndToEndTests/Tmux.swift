import Foundation
import XCTest

/// A private tmux server, for driving interactive programs (watch, zsh) as a person would.
struct Tmux {
    let socket = "laundry-test-\(UUID().uuidString.prefix(8))"

    /// Runs a tmux command and returns what it printed. posix_spawn and waitpid, not Foundation's
    /// Process: the server that `new-session` forks keeps running, and Process waited for it forever.
    @discardableResult
    func callAsFunction(_ arguments: String...) -> String {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputFile) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "tmux", &actions, nil, argv, environ) == 0 else { return "" }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
    }

    /// Polls the pane until `condition` holds or `timeout` passes; returns the last screen.
    func waitForScreen(_ target: String, timeout: TimeInterval = 5, until condition: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        repeat {
            screen = self("capture-pane", "-p", "-t", target)
            if condition(screen) { return screen }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < deadline
        return screen
    }
}
