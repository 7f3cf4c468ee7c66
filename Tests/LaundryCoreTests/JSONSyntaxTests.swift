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
            ("{\"hook\": [\"a\nb\"]}", .init(line: 1, column: 13, found: "\n", expected: .escapedControlCharacter)),
            ("{\"a\":\n \"x\ty\"}", .init(line: 2, column: 4, found: "\t", expected: .escapedControlCharacter)),
            (#"["\ud800"]"#, .init(line: 1, column: 4, found: "ud800", expected: .escape)),
            (#"{"n": 01}"#, .init(line: 1, column: 7, found: "01", expected: .value)),
        ]
        for (text, expected) in cases { XCTAssertEqual(error(text), expected, text) }
    }

    /// What config.json is read with; `JSONSerialization` is another parser with other rules.
    private func decoderReads(_ data: Data) -> Bool {
        (try? JSONCoding.decoder().decode(AnyJSON.self, from: data)) != nil
    }

    /// As lenient as the decoder: what it reads passes, so the mistake named is the one it stumbled on.
    func test_whatTheDecoderReadsPasses() {
        for text in [
            #"{"sound": false, "hook": ["a", "b"], "x": {"y": [1.5e3, -0, true, null]},}"#, "\u{FEFF}{}",
            "[1, 2,]", #"{"a": 1,}"#, #"{"a": "\u00e9\n\"\\\/"}"#, " \r\n\t{}\n",
            #"["\ud83d\ude00", "Änä 🧺"]"#, "[\"\u{7F}\"]",
            "[0, -0.5, 10e-2, 0E+1]",
        ] {
            XCTAssertNil(error(text), text)
            XCTAssertTrue(decoderReads(Data(text.utf8)), text)
        }
    }

    /// As strict as the decoder: whatever it refuses gets a line and a column, or the message could say neither.
    func test_whatTheDecoderRefusesHasAPlace() {
        let texts = [
            "{\"hook\": [\"a\nb\"]}", "[\"a\tb\"]", "[\"a\u{01}b\"]", "[\"\r\"]", "[1, 2,,]", "{\"a\": 1,,}", "[,]",
            "{,}",
            "[1 2]", "{\"a\" 1}", "{\"sound\": tru", "[\"a", "{\"a\": ", "[\"a\\", "", "[", #"["\u00e"]"#, #"["\x"]"#,
            #"["\ud800"]"#, #"["\udc00"]"#, #"["\ud800\u0041"]"#, "[01]", "[-01]", "[.5]", "[1.]", "[1e]", "[-]",
            "[NaN]",
            "{}\u{0}", "{}  x", "\u{A0}{}", "{\"a\":\u{0B}1}",
        ]
        let bytes: [[UInt8]] =
            texts.map { Array($0.utf8) } + [[0x5B, 0x22, 0xFF, 0x22, 0x5D], [0x5B, 0x22, 0xC3, 0x22, 0x5D]]
        for data in bytes.map({ Data($0) }) {
            let text = String(decoding: data, as: UTF8.self).debugDescription
            XCTAssertFalse(decoderReads(data), text)
            XCTAssertNotNil(JSONSyntaxError.find(in: data), text)
        }
    }

    func test_aDocumentTooDeepToFollowNamesNoPlace() {
        XCTAssertNil(error(String(repeating: "[", count: 600)))
    }
}

/// Any JSON value, read the way `DaemonConfig` reads its settings: every number as one, every string as one.
private struct AnyJSON: Decodable {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            while !list.isAtEnd { _ = try list.decode(AnyJSON.self) }
        } else if let object = try? decoder.container(keyedBy: Key.self) {
            for key in object.allKeys { _ = try object.decode(AnyJSON.self, forKey: key) }
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() || (try? value.decode(Bool.self)) != nil || (try? value.decode(String.self)) != nil {
                return
            }
            _ = try value.decode(Double.self)
        }
    }
}
