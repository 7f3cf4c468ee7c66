import Foundation
import LaundryCore
import LaundryTestSupport
import XCTest

/// The small helpers the thousand-pet paths rest on, against the plain forms they replace.
final class CollectionHelperTests: XCTestCase {
    func test_concurrentMapGivesWhatMapGivesInOrderForEveryCountAndCores() {
        for count in 0..<70 {
            let items = Array(0..<count)
            for cores in 1...9 {
                XCTAssertEqual(
                    items.concurrentMap(perThread: 1, cores: cores) { $0 * 3 + 1 }, items.map { $0 * 3 + 1 },
                    "\(count) items on \(cores) cores")
            }
        }
    }

    func test_stablySortedIsASortThatKeepsTiesInOrder() {
        var random = SplitMix64(seed: 0x57AB1E)
        for length in 0..<60 {
            let items = (0..<length).map { (key: random.below(6), order: $0) }
            let expected = items.sorted { ($0.key, $0.order) < ($1.key, $1.order) }
            XCTAssertTrue(items.stablySorted { $0.key < $1.key }.elementsEqual(expected) { $0 == $1 })
            XCTAssertTrue(expected.stablySorted { $0.key < $1.key }.elementsEqual(expected) { $0 == $1 })
        }
    }

    func test_paddedNumbersAsTheLongWayWritesThem() {
        for value in -120..<12_000 {
            for width in 0...6 {
                let digits = String(value.magnitude)
                let zeros = String(repeating: "0", count: max(0, width - digits.count - (value < 0 ? 1 : 0)))
                XCTAssertEqual(DigitText.padded(value, width), (value < 0 ? "-" : "") + zeros + digits)
            }
        }
    }

    func test_aFingerprintTellsApartWhatItWasGiven() {
        func print(_ texts: [String?]) -> UInt64 {
            var fingerprint = Fingerprint()
            for text in texts { fingerprint.add(text) }
            return fingerprint.value
        }
        XCTAssertEqual(print(["ab", "c"]), print(["ab", "c"]))
        XCTAssertNotEqual(print(["ab", "c"]), print(["a", "bc"]), "lengths count, not only bytes")
        XCTAssertNotEqual(print([nil]), print([""]))
        // The ids earlier versions derived stay the same (FNV-1a of the text, as Python computes it).
        XCTAssertEqual(EventID.derived(from: "superseded x"), "c7038e8f1b4a4d6d")
    }
}
