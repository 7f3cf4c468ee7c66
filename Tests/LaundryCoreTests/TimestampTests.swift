import Foundation
import XCTest

@testable import LaundryCore

final class TimestampTests: XCTestCase {
    func test_formatsUTCWithMilliseconds() {
        XCTAssertEqual(Timestamp.format(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(Timestamp.format(Date(timeIntervalSince1970: 1_795_300_000.123)), "2026-11-21T22:26:40.123Z")
        XCTAssertEqual(Timestamp.format(Date(timeIntervalSince1970: -1.5)), "1969-12-31T23:59:58.500Z")
    }

    func test_roundTripsToTheMillisecond() {
        for _ in 0..<1000 {
            let millis = Int64.random(in: 0...4_102_444_800_000)
            let date = Date(timeIntervalSince1970: Double(millis) / 1000)
            let back = Timestamp.parse(Timestamp.format(date))!
            XCTAssertEqual(back.timeIntervalSince1970, date.timeIntervalSince1970, accuracy: 0.000_5)
        }
    }

    func test_leapDays() {
        XCTAssertNotNil(Timestamp.parse("2028-02-29T10:00:00Z"))
        XCTAssertNil(Timestamp.parse("2026-02-29T10:00:00Z"))
        XCTAssertNil(Timestamp.parse("2100-02-29T10:00:00Z"))
    }

    func test_parsesOffsetsAndRefusesGarbage() {
        XCTAssertEqual(Timestamp.parse("2026-11-21T10:00:00+01:00"), Timestamp.parse("2026-11-21T09:00:00Z"))
        XCTAssertEqual(Timestamp.parse("2026-11-21T10:00:00-0130"), Timestamp.parse("2026-11-21T11:30:00Z"))
        for bad in [
            "", "2026-11-21", "2026-11-21T10:00:00", "2026-11-21T10:00:00Zjunk", "2026-13-21T10:00:00Z",
            "x026-11-21T10:00:00Z",
            "2026-02-30T10:00:00Z", "2026-04-31T10:00:00Z", "2026-11-21T10:00:00+99:99", "2026-11-21T10:00:00+15:00",
        ] {
            XCTAssertNil(Timestamp.parse(bad), bad)
        }
    }

    func test_momentsOutsideTheYears1583To9999AreRefused() {
        XCTAssertNil(Timestamp.parse("1583-01-01T00:00:00+00:30"), "an offset must not carry a moment before 1583")
        XCTAssertNil(Timestamp.parse("9999-12-31T23:59:59-00:01"), "nor past year 9999")
        let first = Timestamp.parse("1583-01-01T00:00:00Z")
        let last = Timestamp.parse("9999-12-31T23:59:59.999Z")
        XCTAssertNotNil(first)
        XCTAssertNotNil(last)
        for date in [first, last].compactMap({ $0 }) { XCTAssertEqual(Timestamp.parse(Timestamp.format(date)), date) }
    }

    /// The arithmetic against Foundation's own ISO 8601 style, which wrote and read every timestamp before: the same
    /// text for 20,000 moments over the years a file may hold, and the same moment read back (offsets and fractions
    /// too).
    func test_agreesWithFoundationsISO8601StyleEverywhere() {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for _ in 0..<20_000 {
            let millis = Int64.random(in: -12_212_553_600_000...253_402_300_799_999)
            let date = Date(timeIntervalSince1970: Double(millis) / 1000)
            let text = Timestamp.format(date)
            XCTAssertEqual(text, style.format(Date(timeIntervalSince1970: (Double(millis) + 0.25) / 1000)))
            XCTAssertEqual(Timestamp.parse(text), try? style.parse(text), text)
            XCTAssertEqual(
                Timestamp.formatSeconds(date),
                Date.ISO8601FormatStyle().format(Date(timeIntervalSince1970: (Double(millis) / 1000).rounded(.down))))
        }
        for text in ["2026-03-29T02:30:00.5+02:00", "1999-12-31T23:59:59.123456789-05:30", "2024-02-29T12:00:00+0100"] {
            XCTAssertEqual(
                Timestamp.parse(text)?.timeIntervalSince1970, (try? style.parse(text))?.timeIntervalSince1970, text)
        }
    }
}
