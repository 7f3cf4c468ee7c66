import LaundryCore
import LaundryTestSupport
import XCTest

final class DurationParserTests: XCTestCase {
    private func seconds(_ text: String) throws -> Int { try DurationParser.parse(text).seconds }

    func test_acceptsEveryDocumentedForm() throws {
        XCTAssertEqual(try seconds("45m"), 2700)
        XCTAssertEqual(try seconds("1h30m"), 5400)
        XCTAssertEqual(try seconds("90s"), 90)
        XCTAssertEqual(try seconds("1:30:00"), 5400)
        XCTAssertEqual(try seconds("1:30"), 5400)
        XCTAssertEqual(try seconds("45"), 2700)
        XCTAssertEqual(try seconds("1.5"), 90)
        XCTAssertEqual(try seconds("2h"), 7200)
        XCTAssertEqual(try seconds("1h 5m 3s"), 3903)
        XCTAssertEqual(try seconds(" 10M "), 600)
        XCTAssertEqual(try seconds("90m"), 5400, "a single unit may exceed 59")
    }

    func test_acceptsTheBoundsOneSecondAndTwentyFourHours() throws {
        XCTAssertEqual(try seconds("1s"), 1)
        XCTAssertEqual(try seconds("24h"), 86_400)
        XCTAssertEqual(try seconds("24:00:00"), 86_400)
    }

    func test_refusesBadInputWithTheRightReason() {
        let cases: [(String, DurationError)] = [
            ("0", .tooShort), ("0s", .tooShort), ("-5m", .malformed("-5m")), ("45x", .malformed("45x")),
            ("25h", .tooLong), ("24h1s", .tooLong), ("", .empty),
            ("   ", .empty),
            ("m", .malformed("m")), ("5mh", .malformed("5mh")),
            ("1:2:3:4", .malformed("1:2:3:4")), ("1e3", .malformed("1e3")), ("nan", .malformed("nan")),
            ("99999999999h", .tooLong), ("1:5", .malformed("1:5")), ("1440.5", .tooLong),
        ]
        for (input, expected) in cases {
            XCTAssertThrowsError(try DurationParser.parse(input), input) { error in
                XCTAssertEqual(error as? DurationError, expected, "for '\(input)'")
            }
        }
    }

    func test_aFieldOf60OrMoreIsRefusedWithWhatItAddsUpTo() {
        let cases: [(String, DurationOverflow)] = [
            ("1:99", .init(minutes: true, seconds: false, totalSeconds: 2 * 3600 + 39 * 60, clockForm: true)),
            ("1:75", .init(minutes: true, seconds: false, totalSeconds: 2 * 3600 + 15 * 60, clockForm: true)),
            ("0:30:75", .init(minutes: false, seconds: true, totalSeconds: 31 * 60 + 15, clockForm: true)),
            ("1:99:99", .init(minutes: true, seconds: true, totalSeconds: 3600 + 99 * 60 + 99, clockForm: true)),
            ("23:99", .init(minutes: true, seconds: false, totalSeconds: 23 * 3600 + 99 * 60, clockForm: true)),
            ("1h61m", .init(minutes: true, seconds: false, totalSeconds: 2 * 3600 + 60, clockForm: false)),
            ("1m75s", .init(minutes: false, seconds: true, totalSeconds: 135, clockForm: false)),
            ("1h 90s", .init(minutes: false, seconds: true, totalSeconds: 3690, clockForm: false)),
            (
                "2h 61m 61s",
                .init(minutes: true, seconds: true, totalSeconds: 2 * 3600 + 61 * 60 + 61, clockForm: false)
            ),
        ]
        for (input, overflow) in cases {
            XCTAssertEqual(durationRefusal(input), .componentOutOfRange(input, overflow), input)
        }
        XCTAssertEqual(durationRefusal("1h61x"), .malformed("1h61x"), "read to the end: a bad letter still says so")
    }

    func test_leadingZerosDoNotMakeADurationTooLong() throws {
        XCTAssertEqual(try seconds("0000001m"), 60)
        XCTAssertEqual(try seconds("00000090s"), 90)
        XCTAssertEqual(try seconds("0000001:30"), 5400)
    }

    func test_lengthTextRoundTrips() throws {
        for seconds in [1, 59, 60, 61, 3599, 3600, 5400, 86_400] {
            let duration = try LaundryDuration(seconds: seconds)
            XCTAssertEqual(try DurationParser.parse(duration.description).seconds, seconds)
        }
    }

    func test_clockRoundsUpSoATimerNeverShowsZeroEarly() {
        XCTAssertEqual(DurationText.clock(0.2), "0:01")
        XCTAssertEqual(DurationText.clock(0), "0:00")
        XCTAssertEqual(DurationText.clock(3661), "1:01:01")
        XCTAssertEqual(DurationText.clock(-5), "0:00")
    }
}
