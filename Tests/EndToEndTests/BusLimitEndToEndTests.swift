import Foundation
import LaundryTestSupport
import XCTest

/// A session bus that refuses calls past a few pending replies per connection (as a bus started
/// without Debian's session.conf limits does), and hundreds of loads ending at once: every popup is
/// shown, once.
final class BusLimitEndToEndTests: DaemonTestCase {
    private var bus: PrivateBus!

    override func setUpWithError() throws {
        try super.setUpWithError()
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/dunst"), "needs dunst: `make test`")
        // Below laundryd's window of 8 calls in flight, so the bus refuses some of every burst.
        bus = try PrivateBus(in: home.path + "/bus", maxRepliesPerConnection: 3)
        home.environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        home.logsJSON()
    }

    override func tearDown() {
        super.tearDown()
        bus = nil
    }

    func test_hundredsOfLoadsEndingAtOnceOnABusThatRefusesCallsAreEachShownOnce() throws {
        let count = 200
        // Drawn one at a time (the rest wait in dunst's queue, counted there): drawing hundreds
        // under Xvfb is what would take the time, not the bus.
        try bus.startDunst(global: ["notification_limit = 1"])
        let endsAt = Date().timeIntervalSince1970 + 3
        let made = Spawn.run(
            "/usr/bin/python3",
            [
                SourceTree.root + "/scripts/make-pets.py", home.path, String(count), "--timer-every", "1", "--ends-at",
                String(endsAt),
            ], environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(made.status, 0, made.stderr)
        home.ok("daemon", "start")
        let shown = { () -> Int in
            let counts = ["displayed", "waiting", "history"].map {
                Int(
                    self.bus.run("/usr/bin/dunstctl", ["count", $0]).stdout.trimmingCharacters(
                        in: .whitespacesAndNewlines))
                    ?? 0
            }
            return counts.reduce(0, +)
        }
        XCTAssertTrue(waitUntil(30) { shown() >= count }, "dunst has \(shown()) of \(count) popups: \(log)")
        let limited = logged(["surface": "notificationServer", "event": "busLimit"])
        XCTAssertGreaterThan(limited, 0, "the bus refused none of the burst: the test proves nothing")
        XCTAssertEqual(limited, 1, "logged once: \(log)")
        // Every pet's popup arrived once: dunst counts each Notify it took, and a refused call was
        // never passed on, so sending it again cannot show it twice.
        XCTAssertEqual(shown(), count, log)
        XCTAssertEqual(logged(["shown": "false"]), 0, log)
    }
}
