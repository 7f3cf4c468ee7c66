import Foundation
import LaundryTestSupport
import XCTest

/// Many `laundry` processes at once on the same and on different pets: every file stays valid and
/// no update is lost.
final class ConcurrencyEndToEndTests: XCTestCase {
    /// Starts every command before waiting for any, so they all run at once; their exit statuses in order.
    private func runTogether(_ home: LaundryHome, _ commands: [[String]]) -> [Int32] {
        let running = commands.map { Spawn.start(LaundryHome.binary, $0, environment: home.environment) }
        return running.map { $0.wait().status }
    }

    func test_fortyProcessesLoseNoUpdate() throws {
        let home = LaundryHome()
        home.ok("adopt", "Shared")
        for index in 0..<20 { home.ok("adopt", "Pet \(index)") }

        var commands: [[String]] = []
        for index in 0..<20 { commands.append(["set", "Shared", "--every", "\(index + 1)"]) }
        for index in 0..<20 { commands.append(["wash", "Pet \(index)", "--for", "1h"]) }
        let first = runTogether(home, commands)
        XCTAssertEqual(first, Array(repeating: 0, count: 40), "every change succeeds")
        XCTAssertEqual(home.historyEvents("Shared").filter { $0 == "settingsChanged" }.count, 20)
        for index in 0..<20 {
            XCTAssertEqual(home.pet("Pet \(index)")["stage"] as? String, "washing")
            XCTAssertEqual(home.historyEvents("Pet \(index)"), ["adopted", "washStarted"])
        }

        // Forty racing washes and cancels of one pet: whatever wins, history matches the successes.
        let toggles = (0..<40).map { $0 % 2 == 0 ? ["wash", "Shared", "--for", "1h"] : ["cancel", "Shared"] }
        let second = runTogether(home, toggles)
        let succeeded = zip(toggles, second).filter { $0.1 == 0 }.map { $0.0[0] }
        let events = home.historyEvents("Shared")
        XCTAssertEqual(events.filter { $0 == "washStarted" }.count, succeeded.filter { $0 == "wash" }.count)
        XCTAssertEqual(events.filter { $0 == "cancelled" }.count, succeeded.filter { $0 == "cancel" }.count)
        XCTAssertGreaterThan(succeeded.count, 0)

        for folder in ["pets", "history"] {
            XCTAssertFalse(home.files(in: folder).contains { $0.hasPrefix(".") }, "no temporary file left")
        }
        home.assertEveryFileParses()
        let status = home.run(["status", "--json"])
        XCTAssertEqual(status.stderr, "")
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [Any])?.count, 21)
    }
}
