import LaundryTestSupport
import XCTest

@testable import LaundryRendering

/// The one template engine read two ways: parsed into pieces (the bars' `--template`), and filled
/// in one pass (every message); both read any text alike.
final class TextTemplateTests: XCTestCase {
    func test_fillingInOnePassReadsATemplateAsParsingItDoes() {
        var generator = SplitMix64(seed: 0x7e47_7e47)
        let alphabet: [Character] = ["{", "}", "a", "b", "é", " ", "🧦"]
        let values = ["a": "A", "b": "{b}", "ab": "", "é": "E"]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...9, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let parsed = (try? TextTemplate(text))?.filled(values) ?? text
            XCTAssertEqual(TextTemplate.fill(text, values), parsed, "'\(text)'")
        }
    }

    func test_bracesFieldsAndMistakes() {
        XCTAssertEqual(TextTemplate.fill("{name} is {{here}}", ["name": "Socks"]), "Socks is {here}")
        XCTAssertEqual(TextTemplate.fill("{missing} stays", [:]), "{missing} stays")
        XCTAssertEqual(TextTemplate.fill("a } b {name}", ["name": "x"]), "a } b {name}", "a stray brace: as written")
        XCTAssertEqual(TextTemplate.fill("{unclosed", [:]), "{unclosed")
        XCTAssertEqual(TextTemplate.fill("{a}{a}", ["a": "{a}"]), "{a}{a}", "a value is not read again")
    }
}
