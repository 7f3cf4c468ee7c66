import Foundation

/// Polls `condition` every `interval` seconds until it holds or `timeout` seconds pass; true if it
/// held. The condition is checked once more at the end, so a slow machine gets the last word.
public func waitUntil(_ timeout: TimeInterval, every interval: TimeInterval = 0.05, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        // Real time: what the test waits for happens in another process, which tells nothing when it
        // is done. The interval is how often to look, not a guess at how long it takes: `condition`
        // decides, and `timeout` is the bound for a stalled machine.
        Thread.sleep(forTimeInterval: interval)
    }
    return condition()
}
