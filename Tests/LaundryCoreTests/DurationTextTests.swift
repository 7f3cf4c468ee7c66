import LaundryCore
import XCTest

/// A length laundry shows in a sentence or a table, typed back into `--for`, is the same length to the precision
/// shown, or is refused: never another length. Every second from 1 s to 24 h, and the rough form past a day.
final class DurationTextTests: XCTestCase {
    private func read(_ shown: String) -> Int? { try? DurationParser.parse(shown).seconds }

    func test_everyLengthToTheSecondReadsBackExactly() {
        for seconds in LaundryDuration.minimumSeconds...LaundryDuration.maximumSeconds {
            let shown = DurationText.length(seconds: seconds)
            guard read(shown) != seconds else { continue }
            return XCTFail(
                "\(seconds) s is shown as '\(shown)', which --for reads as \(String(describing: read(shown)))")
        }
    }

    func test_whatIsLeftOfALoadReadsBackAsTheSecondsRoundedUp() {
        // Times left as a load's end leaves them: a fraction of a second over, or under, whole seconds.
        for seconds in LaundryDuration.minimumSeconds...LaundryDuration.maximumSeconds {
            for left in [Double(seconds) - 0.75, Double(seconds), Double(seconds) - 0.001] {
                let shown = DurationText.left(left)
                guard read(shown) != seconds else { continue }
                return XCTFail("\(left) s left is shown as '\(shown)', read back as \(String(describing: read(shown)))")
            }
        }
        XCTAssertNil(read(DurationText.left(0)), "nothing left is shown as 0s, which --for refuses")
    }

    func test_aRoughLengthReadsBackCutToItsLastUnitOrIsRefused() {
        // Up to three days, past the 24 hours --for takes: a length of days is shown with a unit --for refuses.
        for seconds in 0...(3 * 86_400) {
            let shown = DurationText.rough(Double(seconds))
            let unit = seconds >= 86_400 ? 3600 : seconds >= 60 ? 60 : 1
            let expected = seconds - seconds % unit
            guard let back = read(shown) else {
                // Refused: a day, or nothing at all.
                if seconds >= 86_400 || seconds == 0 { continue }
                return XCTFail("\(seconds) s is shown roughly as '\(shown)', which --for refuses")
            }
            guard back != expected else { continue }
            return XCTFail("\(seconds) s is shown roughly as '\(shown)', which --for reads as \(back) s")
        }
    }

    func test_theFormsEachPlaceShows() {
        XCTAssertEqual(DurationText.length(seconds: 3723), "1h2m3s")
        XCTAssertEqual(DurationText.length(seconds: 2699), "44m59s")
        XCTAssertEqual(DurationText.length(seconds: 60), "1m")
        XCTAssertEqual(DurationText.left(59.2), "1m", "what is left rounds up")
        XCTAssertEqual(DurationText.rough(3 * 86_400 + 4 * 3600 + 59), "3d4h")
        XCTAssertEqual(DurationText.rough(5 * 3600 + 10 * 60 + 59), "5h10m")
        XCTAssertEqual(DurationText.clock(65), "1:05")
    }

    func test_aClockFaceIsNotALength() throws {
        // Why `clock` stays where a countdown ticks: a minute and five seconds, typed back, is an hour and five.
        XCTAssertEqual(read(DurationText.clock(65)), 3900)
    }
}
