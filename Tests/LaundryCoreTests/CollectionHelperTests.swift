import Foundation
import LaundryCore
import LaundryTestSupport
import XCTest

/// The small text helpers, against the plain forms they stand for.
final class CollectionHelperTests: XCTestCase {
    func test_paddedNumbersAsTheLongWayWritesThem() {
        for value in -120..<12_000 {
            for width in 0...6 {
                XCTAssertEqual(DigitText.padded(value, width), String(format: "%0\(width)d", value))
            }
        }
    }

    func test_aDerivedEventIDIsTheSameEverywhereAndTellsTextsApart() {
        // The ids earlier versions derived stay the same (FNV-1a of the text, as Python computes it).
        XCTAssertEqual(EventID.derived(from: "superseded x"), "c7038e8f1b4a4d6d")
        XCTAssertNotEqual(EventID.derived(from: "ab c"), EventID.derived(from: "a bc"))
    }
}
