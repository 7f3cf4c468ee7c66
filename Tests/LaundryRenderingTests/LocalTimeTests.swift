import Foundation
import LaundryCore
import LaundryRendering
import XCTest

/// Local times across DST changes, with the zone injected and with the process's own (`TZ`).
final class LocalTimeTests: XCTestCase {
    override func tearDown() { setenv("TZ", "UTC", 1) }

    private func date(_ text: String) -> Date { Timestamp.parse(text)! }

    func test_clockAcrossTheNewYorkFallBack() throws {
        let zone = LocalZone(try XCTUnwrap(TimeZone(identifier: "America/New_York")))
        let now = date("2026-11-01T05:30:00Z")  // 01:30 EDT
        XCTAssertEqual(LocalTime.clock(date("2026-11-01T07:30:00Z"), now: now, zone: zone), "02:30")  // EST
        XCTAssertEqual(LocalTime.clock(date("2026-11-01T06:30:00Z"), now: now, zone: zone), "01:30")  // EST again
        XCTAssertEqual(LocalTime.clock(date("2026-11-02T05:00:00Z"), now: now, zone: zone), "Mon 00:00")
        XCTAssertEqual(LocalTime.clock(date("2026-10-31T23:00:00Z"), now: now, zone: zone), "Sat 19:00")
        XCTAssertEqual(
            LocalTime.dateTime(date("2026-11-01T06:30:05Z"), seconds: true, zone: zone), "2026-11-01 01:30:05")
        XCTAssertEqual(LocalTime.dateTime(date("2026-03-08T07:00:00Z"), zone: zone), "2026-03-08 03:00")
    }

    func test_theProcessZoneAcrossTheChathamChange() {
        setenv("TZ", "Pacific/Chatham", 1)
        let now = date("2026-04-04T13:30:00Z")  // 03:15 +13:45
        XCTAssertEqual(LocalTime.clock(date("2026-04-04T15:30:00Z"), now: now), "04:15")  // +12:45
        XCTAssertEqual(LocalTime.clock(date("2026-04-04T10:00:00Z"), now: now), "Sat 23:45")
        XCTAssertEqual(LocalTime.dateTime(date("2026-04-04T14:30:00Z")), "2026-04-05 03:15")
        XCTAssertEqual(
            ClockText.describe(date("2026-04-04T13:30:00Z")), "2026-04-05 03:15:00 +1345 (UTC+13:45), daylight saving")
        XCTAssertEqual(ClockText.describe(date("2026-04-04T14:30:00Z")), "2026-04-05 03:15:00 +1245 (UTC+12:45)")
    }

    func test_clockTextWithAFixedOffset() throws {
        let zone = LocalZone(try XCTUnwrap(TimeZone(secondsFromGMT: -(3 * 3600 + 30 * 60))))
        XCTAssertTrue(
            ClockText.describe(date("2026-11-21T10:00:00Z"), zone: zone).hasPrefix("2026-11-21 06:30:00 "))
        XCTAssertTrue(ClockText.describe(date("2026-11-21T10:00:00Z"), zone: zone).hasSuffix(" (UTC-03:30)"))
    }
}
