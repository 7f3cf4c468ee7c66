import Foundation
import LaundryCore
import XCTest

/// `LocalZone` does calendar arithmetic from offsets alone (FoundationEssentials has no zone
/// database); full Foundation, linked into the tests, is the reference it must agree with.
final class LocalZoneTests: XCTestCase {
    private let zones = [
        "America/New_York", "Pacific/Chatham", "Europe/Berlin", "Australia/Lord_Howe", "America/Santiago",
        "Asia/Kolkata", "UTC",
    ]

    override func tearDown() {
        unsetenv("TZ")
        tzset()
    }

    private func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// Moments every 97 minutes through 2026 (so every hour of the day and both DST changes).
    private var moments: [Date] {
        let start = Timestamp.parse("2026-01-01T00:00:00Z")!
        return stride(from: 0.0, to: 365 * 86_400, by: 97 * 60).map { start.addingTimeInterval($0) }
    }

    func test_fieldsStartOfDayAndDaysAddedAgreeWithFoundation() throws {
        for name in zones {
            let zone = try XCTUnwrap(TimeZone(identifier: name))
            let calendar = calendar(zone)
            let local = LocalZone(zone)
            for date in moments {
                let parts = calendar.dateComponents(
                    [.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
                let fields = local.fields(of: date)
                XCTAssertEqual(
                    [fields.year, fields.month, fields.day, fields.hour, fields.minute, fields.second, fields.weekday],
                    [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second, parts.weekday],
                    "\(name) \(date)")
                XCTAssertEqual(local.startOfDay(for: date), calendar.startOfDay(for: date), "\(name) \(date)")
                for days in [-1, 1, -7, 30] {
                    XCTAssertEqual(
                        local.adding(days: days, to: date), calendar.date(byAdding: .day, value: days, to: date),
                        "\(name) \(date) \(days) days")
                }
            }
        }
    }

    func test_theSystemZoneIsTheOneInTZ() throws {
        for name in zones {
            setenv("TZ", name, 1)
            let reference = LocalZone(try XCTUnwrap(TimeZone(identifier: name)))
            for date in moments {
                XCTAssertEqual(LocalZone.current.fields(of: date), reference.fields(of: date), "\(name) \(date)")
                XCTAssertEqual(LocalZone.current.startOfDay(for: date), reference.startOfDay(for: date), "\(name)")
                XCTAssertEqual(
                    LocalZone.current.isDaylightSavingTime(at: date), reference.isDaylightSavingTime(at: date), name)
            }
        }
    }

    func test_wallClockTimesSkippedOrShownTwice() throws {
        setenv("TZ", "America/New_York", 1)
        let zone = LocalZone.current
        // 2026-03-08 02:30 does not exist in New York: read with EST, it is 03:30 EDT.
        XCTAssertEqual(
            zone.date(year: 2026, month: 3, day: 8, hour: 2, minute: 30), Timestamp.parse("2026-03-08T07:30:00Z"))
        // 2026-11-01 01:30 happens twice: the first, in EDT.
        XCTAssertEqual(
            zone.date(year: 2026, month: 11, day: 1, hour: 1, minute: 30), Timestamp.parse("2026-11-01T05:30:00Z"))
        XCTAssertEqual(zone.abbreviation(at: Timestamp.parse("2026-11-01T05:30:00Z")!), "EDT")
        XCTAssertEqual(zone.abbreviation(at: Timestamp.parse("2026-11-01T06:30:00Z")!), "EST")
        XCTAssertEqual(zone.offset(at: Timestamp.parse("2026-11-01T06:30:00Z")!), -5 * 3600)
    }

    func test_dateInputUsesTheZoneOfTheDateNotOfNow() throws {
        setenv("TZ", "Pacific/Chatham", 1)
        // Now is in Chatham winter (+12:45); 2026-01-10 was summer (+13:45).
        let now = Timestamp.parse("2026-06-01T00:00:00Z")!
        XCTAssertEqual(try DateInputParser().parse("2026-01-10", now: now), Timestamp.parse("2026-01-09T10:15:00Z"))
        XCTAssertEqual(
            try DateInputParser().parse("2026-05-30T08:00", now: now), Timestamp.parse("2026-05-29T19:15:00Z"))
    }

    func test_paddingAndFixedPointText() {
        XCTAssertEqual(DigitText.padded(7, 2), "07")
        XCTAssertEqual(DigitText.padded(2026, 4), "2026")
        XCTAssertEqual(DigitText.padded(123, 2), "123")
        XCTAssertEqual(DigitText.padded(-5, 3), "-05")
        XCTAssertEqual(DigitText.fixed(3.14159, 2), "3.14")
        XCTAssertEqual(DigitText.fixed(0.005, 2), String(format: "%.2f", 0.005))
        XCTAssertEqual(DigitText.fixed(12.999, 2), "13.00")
        XCTAssertEqual(DigitText.fixed(0, 2), "0.00")
        XCTAssertEqual(" \t a b \u{3000}".trimming(\.isSpaceOrTab), "a b")
        XCTAssertEqual("\n a \n".trimming(\.isSpaceOrTab), "\n a \n")
    }
}
