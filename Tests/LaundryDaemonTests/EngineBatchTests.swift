import Foundation
import LaundryCore
import LaundryDaemon
import XCTest

/// Many loads ending together: each is announced once and written down as soon as it is announced,
/// so a daemon started after repeats none of them.
final class EngineBatchTests: EngineTestCase {
    private let batch = 24

    func test_aBatchIsAnnouncedOnceAndEachWrittenDownAsItIsAnnounced() throws {
        let names = (0..<batch).map { "Pet \($0)" }
        for name in names {
            try adopt(name)
            try perform(.wash(.minutes(10)), name)
        }
        let engine = try makeEngine(config: .withoutAlarms(nagIntervalMinutes: 15))
        engine.start()
        advance(600, engine)
        XCTAssertEqual(notifier.shown.count, batch)
        XCTAssertEqual(try names.filter { try announcedCurrentLoad($0) }.count, batch, "every one written down")
        XCTAssertEqual(engine.armedCount, batch, "each pet waits for its first reminder")
        XCTAssertEqual(engine.nextDeadline, start + 600 + 15 * 60)
        try makeEngine().start()
        XCTAssertEqual(notifier.shown.count, batch, "a daemon started after says nothing again")
    }
}
