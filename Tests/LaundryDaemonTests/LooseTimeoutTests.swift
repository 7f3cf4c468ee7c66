import CGLib
import XCTest

@testable import LaundryDaemon

/// The health tick rides on a wake-up the loop has anyway when its moment is near, and keeps its own time otherwise.
final class LooseTimeoutTests: XCTestCase {
    /// Runs the default main context until `done`, or 5 s (a failure then).
    private func run(until done: () -> Bool) {
        let deadline = g_get_monotonic_time() + 5_000_000
        while !done() && g_get_monotonic_time() < deadline { g_main_context_iteration(nil, 1) }
        XCTAssertTrue(done(), "the loop ran 5 s without the sources firing")
    }

    func test_itFiresAtAnEarlierWakeUpWithinItsSlackAndAtItsOwnTimeOtherwise() {
        let started = g_get_monotonic_time()
        var fired: [gint64] = []
        let loose = LooseTimeout.add(every: 0.4, slack: 0.2) {
            fired.append(g_get_monotonic_time() - started)
            return fired.count < 2
        }
        // Another source wakes the loop 0.25 s in: 0.15 s before the loose one's moment, within its slack.
        var woke = false
        let other: GSourceFunc = { data in
            data!.assumingMemoryBound(to: Bool.self).pointee = true
            return 0
        }
        withUnsafeMutablePointer(to: &woke) { pointer in
            _ = g_timeout_add_full(G_PRIORITY_DEFAULT, 250, other, pointer, nil)
            run { fired.count == 2 }
        }
        XCTAssertTrue(woke)
        XCTAssertGreaterThan(loose, 0)
        XCTAssertEqual(Double(fired[0]) / 1_000_000, 0.25, accuracy: 0.1, "rode on the other source's wake-up")
        // Then its period from there, alone: nothing else wakes the loop.
        XCTAssertEqual(Double(fired[1] - fired[0]) / 1_000_000, 0.4, accuracy: 0.1)
    }
}
