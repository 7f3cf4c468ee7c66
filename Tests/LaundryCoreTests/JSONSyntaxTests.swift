import Foundation
import LaundryCore
import XCTest

/// Where a config.json stops being JSON (the decoder says only that it is not): line, column and what is there.
final class JSONSyntaxTests: XCTestCase {
    private func error(_ text: String) -> JSONSyntaxError? { JSONSyntaxError.find(in: Data(text.utf8)) }

    func test_eachMistakeIsFoundWhereItIs() {
        let cases: [(String, JSONSyntaxError)] = [
            (
                "{\n  \"sound\": false\n  \"nagIntervalMinutes\": 5\n}",
                .init(line: 3, column: 3, found: "\"", expected: .commaOrObjectEnd)
            ),
            (#"{"sound": tru}"#, .init(line: 1, column: 11, found: "tru", expected: .value)),
            (#"{sound: false}"#, .init(line: 1, column: 2, found: "sound", expected: .key)),
            (#"{'sound': false}"#, .init(line: 1, column: 2, found: "'", expected: .key)),
            (#"{"a" 1}"#, .init(line: 1, column: 6, found: "1", expected: .colon)),
            (#"[1, 2"#, .init(line: 1, column: 6, found: nil, expected: .commaOrListEnd)),
            (#"{"sound": false}}"#, .init(line: 1, column: 17, found: "}", expected: .end)),
            (#"{"person": "Ana}"#, .init(line: 1, column: 12, found: "\"", expected: .closingQuote)),
            (#"{"person": "A\q"}"#, .init(line: 1, column: 15, found: "q", expected: .escape)),
            ("", .init(line: 1, column: 1, found: nil, expected: .value)),
            ("\t{\"person\": \"Änä\", \"sound\": x}", .init(line: 1, column: 29, found: "x", expected: .value)),
            (#"{"sound": nulll}"#, .init(line: 1, column: 11, found: "nulll", expected: .value)),
            (#"{"n": -}"#, .init(line: 1, column: 8, found: "}", expected: .value)),
        ]
        for (text, expected) in cases { XCTAssertEqual(error(text), expected, text) }
    }

    /// As lenient as the decoder: what it reads passes, so the mistake named is the one it stumbled on.
    func test_whatTheDecoderReadsPasses() throws {
        for text in [
            #"{"sound": false, "hook": ["a", "b"], "x": {"y": [1.5e3, -0, true, null]},}"#, "\u{FEFF}{}",
            "[1, 2,]", #"{"a": "\u00e9\n\"\\"}"#, " \r\n\t{}\n",
        ] {
            XCTAssertNil(error(text), text)
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
        }
    }

    func test_aDocumentTooDeepToFollowNamesNoPlace() {
        XCTAssertNil(error(String(repeating: "[", count: 600)))
    }
}
