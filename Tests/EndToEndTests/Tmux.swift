import Foundation
import XCTest

/// A private tmux server, for driving interactive programs (watch, zsh) as a person would.
struct Tmux {
    let socket = "laundry-test-\(UUID().uuidString.prefix(8))"

    /// Runs a tmux command and returns what it printed.
    @discardableResult
    func callAsFunction(_ arguments: String...) -> String {
        Spawn.run("tmux", ["-L", socket] + arguments, environment: ProcessInfo.processInfo.environment).stdout
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
