import Foundation
import LaundryTestSupport
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
        var screen = ""
        _ = waitUntil(timeout, every: 0.1) {
            screen = self("capture-pane", "-p", "-t", target)
            return condition(screen)
        }
        return screen
    }
}
