import Foundation
import LaundryCore
import XCTest

final class DateInputParserTests: XCTestCase {
    private let utc = DateInputParser(timeZone: TimeZone(identifier: "UTC")!)
    private let now = Timestamp.parse("2026-11-21T15:30:00Z")!

    func test_isoDateIsLocalMidnight() throws {
        XCTAssertEqual(try utc.parse("2026-11-20", now: now), Timestamp.parse("2026-11-20T00:00:00Z"))
        let berlin = DateInputParser(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        XCTAssertEqual(try berlin.parse("2026-11-20", now: now), Timestamp.parse("2026-11-19T23:00:00Z"))
    }

    func test_isoDateTimeWithAndWithoutZone() throws {
        XCTAssertEqual(try utc.parse("2026-11-20T18:30", now: now), Timestamp.parse("2026-11-20T18:30:00Z"))
        XCTAssertEqual(try utc.parse("2026-11-20 18:30:15", now: now), Timestamp.parse("2026-11-20T18:30:15Z"))
        XCTAssertEqual(try utc.parse("2026-11-20T18:30:00+02:00", now: now), Timestamp.parse("2026-11-20T16:30:00Z"))
    }

    /// ISO 8601 lets a zoned time leave out its seconds, and an offset its minutes.
    func test_isoDateTimeWithAZoneAndNoSeconds() throws {
        let moment = Timestamp.parse("2026-11-18T16:23:00Z")
        for input in [
            "2026-11-18T16:23Z", "2026-11-18t16:23z", "2026-11-18T16:23:00Z", "2026-11-18T17:23+01:00",
            "2026-11-18T17:23+01", "2026-11-18T17:23:00+01", "2026-11-18T15:23-0100", "2026-11-18T16:23",
        ] {
            XCTAssertEqual(try utc.parse(input, now: now), moment, input)
        }
        for input in ["2026-11-18T16:2Z", "2026-11-18T16:23Q", "2026-11-18T16:23+1"] {
            XCTAssertThrowsError(try utc.parse(input, now: now), input)
        }
    }

    /// "N days ago" counts the calendar's dates: the same time of day, N dates back.
    func test_daysAgoIsThisTimeOfDayOnTheDateNDaysBeforeTodayOnTheCalendar() throws {
        // Across New York's fall-back, 3 days back is 73 hours.
        let newYork = DateInputParser(timeZone: TimeZone(identifier: "America/New_York")!)
        let afterFallBack = try XCTUnwrap(Timestamp.parse("2026-11-03T14:30:00Z"))  // 09:30 EST
        XCTAssertEqual(
            try newYork.parse("3 days ago", now: afterFallBack), Timestamp.parse("2026-10-31T13:30:00Z"))  // 09:30 EDT
        // Kiritimati skipped 1994-12-31 (UTC−10 to UTC+14). 193 dates before 1995-03-07 is 1994-08-26,
        // counting the skipped date, at the same 20:07:59 on the clock: fuzz seed 0x1a0d20265eed.
        let kiritimati = DateInputParser(timeZone: TimeZone(identifier: "Pacific/Kiritimati")!)
        let march = try XCTUnwrap(Timestamp.parse("1995-03-07T06:07:59Z"))  // 20:07:59 +14
        XCTAssertEqual(try kiritimati.parse("193 days ago", now: march), Timestamp.parse("1994-08-27T06:07:59Z"))
        // Yesterday, on the first day after the skip, was the date that never came: its time of
        // day is read as every time a clock never showed is, just after the gap.
        let newYear = try XCTUnwrap(Timestamp.parse("1995-01-01T06:07:59Z"))  // 1995-01-01 20:07:59 +14
        XCTAssertEqual(try kiritimati.parse("2 days ago", now: newYear), Timestamp.parse("1994-12-31T06:07:59Z"))
        XCTAssertLessThanOrEqual(try kiritimati.parse("yesterday", now: newYear), newYear)
    }

    func test_datesBefore1970AndSignedFieldsAreRefused() {
        for (input, expected) in [
            ("1969-12-31", DateInputError.tooEarly("1969-12-31")),
            ("0000-01-01T00:00:00+00:30", .malformed("0000-01-01T00:00:00+00:30")),
            ("30000 days ago", .tooEarly("30000 days ago")), ("+026-11-20", .malformed("+026-11-20")),
            ("2026-+1-+5", .malformed("2026-+1-+5")), ("2026-11-20T+1:+5", .malformed("2026-11-20T+1:+5")),
        ] {
            XCTAssertThrowsError(try utc.parse(input, now: now), input) { error in
                XCTAssertEqual(error as? DateInputError, expected, input)
            }
        }
    }

    func test_relativeWords() throws {
        XCTAssertEqual(try utc.parse("today", now: now), Timestamp.parse("2026-11-21T00:00:00Z"))
        XCTAssertEqual(try utc.parse("Yesterday", now: now), Timestamp.parse("2026-11-20T15:30:00Z"))
        XCTAssertEqual(try utc.parse("3 days ago", now: now), Timestamp.parse("2026-11-18T15:30:00Z"))
        XCTAssertEqual(try utc.parse("1 day ago", now: now), Timestamp.parse("2026-11-20T15:30:00Z"))
        XCTAssertEqual(try utc.parse("6d ago", now: now), Timestamp.parse("2026-11-15T15:30:00Z"))
        XCTAssertEqual(try utc.parse("now", now: now), now)
    }

    func test_daysAgoKeepsTheLocalTimeAcrossADSTChange() throws {
        // Europe/Berlin left summer time on 2026-10-25: 3 days before 2026-10-27 12:00 local is 12:00 local.
        let berlin = DateInputParser(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let after = Timestamp.parse("2026-10-27T11:00:00Z")!  // 12:00 CET
        XCTAssertEqual(
            try berlin.parse("3 days ago", now: after), Timestamp.parse("2026-10-24T10:00:00Z"))  // 12:00 CEST
    }

    func test_refusesMalformedAndFutureDates() {
        for input in [
            "", "soon", "2026-13-01", "2026-02-30", "2026-11-2", "3 weeks ago", "-1 days ago", "2026-11-20T25:00",
        ] {
            XCTAssertThrowsError(try utc.parse(input, now: now), input)
        }
        XCTAssertThrowsError(try utc.parse("2026-11-22", now: now)) { error in
            XCTAssertEqual(error as? DateInputError, .inFuture("2026-11-22"))
        }
    }
}
