import Foundation
import LaundryTestSupport
import Logging
import Synchronization
import XCTest

@testable import LaundryDaemon

/// The daemon's log as people and programs read it: text lines that say a warning or an error is one,
/// and JSON lines (`--log-format json`) with the level and the event's metadata as keys.
final class DaemonLogHandlerTests: XCTestCase {
    private final class Written: Sendable {
        let lines = Mutex<[String]>([])
    }
    private let written = Written()
    private let clock = ManualClock(Fixtures.start)

    private func logger(_ format: DaemonLogHandler.Format) -> Logger {
        let (clock, written) = (clock, written)
        return Logger(label: "laundryd") { _ in
            DaemonLogHandler(clock: clock, format: format) { line in written.lines.withLock { $0.append(line) } }
        }
    }

    private var lines: [String] { written.lines.withLock { $0 } }

    private func objects() throws -> [[String: Any]] {
        try lines.map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
        }
    }

    func test_aTextLineSaysWhetherItIsAWarningOrAnError() throws {
        let log = logger(.text)
        log.info("plain")
        log.warning("fix me")
        log.error("broke")
        // After `<time> laundryd[<pid>]: `.
        let messages = lines.map { $0.split(separator: ": ", maxSplits: 1).last.map(String.init) }
        XCTAssertEqual(messages, ["plain", "warning: fix me", "error: broke"])
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("2026-11-21T10:00:00.000Z laundryd[\(getpid())]: ") }, "\(lines)")
    }

    func test_aJSONLineCarriesTheLevelTheTimeAndTheMetadata() throws {
        var log = logger(.json)
        log[metadataKey: "surface"] = "popups"
        log.warning("not shown", metadata: ["pet": "Socks", "load": "0c54"])
        log.debug("below the level")
        let objects = try objects()
        XCTAssertEqual(objects.count, 1, "a debug event is under the handler's level: \(lines)")
        let object = try XCTUnwrap(objects.first)
        XCTAssertEqual(object["level"] as? String, "warning")
        XCTAssertEqual(object["message"] as? String, "not shown")
        XCTAssertEqual(object["pet"] as? String, "Socks")
        XCTAssertEqual(object["load"] as? String, "0c54")
        XCTAssertEqual(object["surface"] as? String, "popups")
        XCTAssertEqual(object["pid"] as? Int, Int(getpid()))
        XCTAssertEqual(object["time"] as? String, "2026-11-21T10:00:00.000Z")
    }

    func test_anEventsMetadataWinsOverTheLoggersOwn() throws {
        var log = logger(.json)
        log[metadataKey: "pet"] = "Towels"
        log.info("moved", metadata: ["pet": "Socks"])
        XCTAssertEqual(try objects().first?["pet"] as? String, "Socks")
    }

    func test_metadataNeverOverwritesTheLinesOwnKeys() throws {
        logger(.json).info("mine", metadata: ["level": "fake", "message": "fake", "pet": "Socks"])
        let object = try XCTUnwrap(try objects().first)
        XCTAssertEqual(object["level"] as? String, "info")
        XCTAssertEqual(object["message"] as? String, "mine")
        XCTAssertEqual(object["pet"] as? String, "Socks")
    }

    func test_aMessageWithQuotesAndNewlinesStaysOneLineOfJSON() throws {
        logger(.json).error("hook said \"no\"\nand more")
        XCTAssertEqual(lines.count, 1)
        XCTAssertFalse(lines[0].contains("\n"))
        XCTAssertEqual(try objects().first?["message"] as? String, "hook said \"no\"\nand more")
    }
}
