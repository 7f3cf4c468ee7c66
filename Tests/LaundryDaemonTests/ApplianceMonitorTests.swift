import Foundation
import LaundryCore
import LaundryDaemon
import XCTest

/// The plugs as the daemon reads them: a restart mid-cycle remembers a running washer.
final class ApplianceMonitorTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)
    private var file: String!

    override func setUp() {
        file =
            FileManager.default.temporaryDirectory.appendingPathComponent("appliances-\(UUID().uuidString).json").path
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: file) }

    private func monitor(_ log: RecordedLog = RecordedLog()) -> ApplianceMonitor {
        var washer = ApplianceSettings(powerTopic: "plug/washer")
        washer.doneAfterSeconds = 60
        return ApplianceMonitor(
            settings: [.washer: washer], prices: PriceBook(), priceTopic: nil, file: file, logger: log.logger)
    }

    func test_aRunningWasherIsRememberedAcrossARestartAndStopsAfterItsTail() {
        var started = 0
        let first = monitor()
        first.onStarted = { _ in started += 1 }
        XCTAssertTrue(first.message("plug/washer", Array("1800".utf8), retained: false, at: start))
        XCTAssertEqual(started, 1)
        XCTAssertFalse(first.message("other/topic", Array("1".utf8), retained: false, at: start), "not a plug's")
        // The daemon restarts; the plug's retained last reading arrives again.
        let second = monitor()
        var stopped: [Appliance] = []
        second.onStarted = { _ in started += 1 }
        second.onStopped = { appliance, _ in stopped.append(appliance) }
        XCTAssertEqual(second.running, [.washer], "remembered")
        _ = second.message("plug/washer", Array("1800".utf8), retained: true, at: start.addingTimeInterval(30))
        XCTAssertEqual(started, 1, "not started twice")
        _ = second.message("plug/washer", Array("0.7".utf8), retained: false, at: start.addingTimeInterval(600))
        XCTAssertEqual(second.nextCheck, start.addingTimeInterval(660))
        second.check(at: start.addingTimeInterval(659))
        XCTAssertEqual(stopped, [])
        second.check(at: start.addingTimeInterval(660))
        XCTAssertEqual(stopped, [.washer])
        XCTAssertEqual(monitor().running, [], "and that is remembered too")
    }

    func test_aRetainedReadingDoesNotStartAnIdleWasherAndABadOneIsLoggedOnce() {
        let log = RecordedLog()
        var started = 0
        let plugs = monitor(log)
        plugs.onStarted = { _ in started += 1 }
        _ = plugs.message("plug/washer", Array("900".utf8), retained: true, at: start)
        XCTAssertEqual(started, 0, "an old retained reading starts nothing")
        for _ in 0..<3 { _ = plugs.message("plug/washer", Array("lots".utf8), retained: false, at: start) }
        XCTAssertEqual(
            log.events(["surface": "appliance", "appliance": "washer", "event": "unreadable", "problem": "notANumber"])
                .count, 1, "\(log.lines)")
    }
}
