import Foundation
import LaundryTestSupport
import XCTest

/// A test of the real daemon against the real notification server (dunst under Xvfb on a private
/// bus, from scripts/notification-session.sh, which `make test` runs the suite in): a home the
/// daemon may run for, stopped after each test.
class DaemonTestCase: XCTestCase {
    var home: LaundryHome!
    /// Pet names carry it, to find this test's notifications in the shared log.
    let marker = String(UUID().uuidString.prefix(6))

    override func setUpWithError() throws {
        try XCTSkipUnless(NotifyLog.path != nil, "needs a notification server: run through `make test`")
        home = LaundryHome()
        try home.allowDaemon()
    }

    override func tearDown() {
        home?.run(["daemon", "stop"])
        NotifyLog.clearScreen()
    }

    var log: String { home.daemonLog }

    /// How many of the daemon's log facts have every key and value of `fields` (a home that `logsJSON()`).
    func logged(_ fields: [String: String]) -> Int { home.daemonEvents(fields).count }
}
