import FoundationEssentials

/// Where a text stops being JSON, for a person to find it in an editor: FoundationEssentials' `JSONDecoder` says only
/// that it is not JSON, with no position. One pass over the bytes, as lenient and as strict as that decoder (a comma
/// before `}` or `]` passes; a tab, a line break or any byte below 0x20 in a string does not, nor does a lone UTF-16
/// surrogate in a `\u` escape, a number with a leading zero or a string that is not UTF-8), so the place it names is
/// the one the decoder stumbled on.
public struct JSONSyntaxError: Equatable, Sendable {
    /// What should have been there.
    public enum Expected: Equatable, Sendable {
        /// A number, a string, `true`, `false`, `null`, an object or a list.
        case value
        /// An object's key: a string.
        case key
        /// The `:` after a key.
        case colon
        case commaOrObjectEnd
        case commaOrListEnd
        /// Nothing but white space after the document.
        case end
        /// A string's closing quote: the position is its opening one's.
        case closingQuote
        /// An escape after `\`: `\n`, `\"`, `\u00e9`, …; a lone UTF-16 surrogate (`\ud800`) is none.
        case escape
        /// A tab, a line break or another control character (below U+0020) in a string, where it must be escaped.
        case escapedControlCharacter
        /// UTF-8 text: the string holds bytes that are not.
        case utf8
    }

    /// From 1; the column counts characters (Unicode scalars), a tab as one.
    public let line: Int
    public let column: Int
    /// What is there: a word (`tru`, `sound`) or one character; nil at the end of the text.
    public let found: String?
    public let expected: Expected

    public init(line: Int, column: Int, found: String?, expected: Expected) {
        (self.line, self.column, self.found, self.expected) = (line, column, found, expected)
    }

    /// The first place `data` is not JSON; nil when none is found (it is JSON, or nests deeper than 512).
    public static func find(in data: Data) -> JSONSyntaxError? {
        var scanner = Scanner(bytes: [UInt8](data))
        do {
            try scanner.document()
            return nil
        } catch {
            return error.problem
        }
    }
}

private struct Scanner {
    struct Failure: Error {
        /// Nil: too deep to follow.
        let problem: JSONSyntaxError?
    }

    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // A byte order mark before the document is no mistake of the person's.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { (index, lineStart) = (3, 3) }
    }

    mutating func document() throws(Failure) {
        try value()
        skipSpace()
        if index < bytes.count { throw failure(.end) }
    }

    private mutating func value() throws(Failure) {
        skipSpace()
        guard index < bytes.count else { throw failure(.value) }
        switch bytes[index] {
        case UInt8(ascii: "{"): try nested { (scanner: inout Scanner) throws(Failure) in try scanner.object() }
        case UInt8(ascii: "["): try nested { (scanner: inout Scanner) throws(Failure) in try scanner.list() }
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "t"): try word("true")
        case UInt8(ascii: "f"): try word("false")
        case UInt8(ascii: "n"): try word("null")
        default: throw failure(.value)
        }
    }

    private mutating func nested(_ body: (inout Scanner) throws(Failure) -> Void) throws(Failure) {
        depth += 1
        guard depth <= 512 else { throw Failure(problem: nil) }
        try body(&self)
        depth -= 1
    }

    private mutating func object() throws(Failure) {
        index += 1
        skipSpace()
        if take(UInt8(ascii: "}")) { return }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure(.key) }
            try string()
            skipSpace()
            guard take(UInt8(ascii: ":")) else { throw failure(.colon) }
            try value()
            skipSpace()
            if take(UInt8(ascii: "}")) { return }
            guard take(UInt8(ascii: ",")) else { throw failure(.commaOrObjectEnd) }
            skipSpace()
            if take(UInt8(ascii: "}")) { return }
        }
    }

    private mutating func list() throws(Failure) {
        index += 1
        skipSpace()
        if take(UInt8(ascii: "]")) { return }
        while true {
            try value()
            skipSpace()
            if take(UInt8(ascii: "]")) { return }
            guard take(UInt8(ascii: ",")) else { throw failure(.commaOrListEnd) }
            skipSpace()
            if take(UInt8(ascii: "]")) { return }
        }
    }

    private mutating func string() throws(Failure) {
        let opening = failure(.closingQuote)
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw opening }
                if bytes[index] == UInt8(ascii: "u") {
                    try unicodeEscape()
                } else {
                    guard Array("\"\\/bfnrt".utf8).contains(bytes[index]) else { throw failure(.escape) }
                    index += 1
                }
            case ..<0x20:
                throw failure(.escapedControlCharacter)
            case ..<0x80:
                index += 1
            default:
                try utf8Character()
            }
        }
        throw opening
    }

    /// `u` and four hex digits, at `u`; a UTF-16 surrogate only as a high one followed by `\u` and a low one, as
    /// the decoder makes one character of the pair and refuses either alone.
    private mutating func unicodeEscape() throws(Failure) {
        let start = index
        guard let unit = hexUnit(at: index) else { throw failure(.escape) }
        index += 5
        guard (0xD800...0xDFFF).contains(unit) else { return }
        let low = bytes[index...].starts(with: Array("\\u".utf8)) ? hexUnit(at: index + 1) : nil
        guard unit < 0xDC00, let low, (0xDC00...0xDFFF).contains(low) else {
            index = start
            throw failure(.escape)
        }
        index += 6
    }

    /// The four hex digits after the `u` at `position`.
    private func hexUnit(at position: Int) -> UInt16? {
        let digits = bytes[(position + 1)...].prefix(4)
        guard digits.count == 4, digits.allSatisfy(Self.isHexDigit) else { return nil }
        return UInt16(String(decoding: digits, as: UTF8.self), radix: 16)
    }

    /// One character of two to four bytes, or the place where the text stops being UTF-8.
    private mutating func utf8Character() throws(Failure) {
        var parser = Unicode.UTF8.ForwardParser()
        var rest = bytes[index...].makeIterator()
        guard case .valid(let character) = parser.parseScalar(from: &rest) else { throw failure(.utf8) }
        index += character.count
    }

    private mutating func number() throws(Failure) {
        let wholeNumber = failure(.value)
        _ = take(UInt8(ascii: "-"))
        let whole = index
        guard digits() > 0 else { throw failure(.value) }
        // The decoder refuses `01`, as JSON does: the whole number is the mistake.
        if bytes[whole] == UInt8(ascii: "0"), index - whole > 1 { throw wholeNumber }
        if take(UInt8(ascii: ".")) {
            guard digits() > 0 else { throw failure(.value) }
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
            guard digits() > 0 else { throw failure(.value) }
        }
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    /// `true`, `false` or `null`, and not the start of a longer word (`nulll`, `trueish`).
    private mutating func word(_ text: String) throws(Failure) {
        let expected = Array(text.utf8)
        guard bytes[index...].starts(with: expected),
            index + expected.count == bytes.count || !Self.isWordByte(bytes[index + expected.count])
        else { throw failure(.value) }
        index += expected.count
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            case UInt8(ascii: "\n"):
                index += 1
                (line, lineStart) = (line + 1, index)
            default: return
            }
        }
    }

    /// The mistake at the current position: its line, its column in characters, and the word or character there.
    private func failure(_ expected: JSONSyntaxError.Expected) -> Failure {
        // Every byte that is not a UTF-8 continuation byte starts a character.
        let column = bytes[lineStart..<index].count { $0 & 0xC0 != 0x80 } + 1
        var found: String?
        if index < bytes.count {
            var end = index + 1
            if Self.isWordByte(bytes[index]) {
                while end < bytes.count, Self.isWordByte(bytes[end]), end - index < 24 { end += 1 }
            } else {
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            }
            found = String(decoding: bytes[index..<end], as: UTF8.self)
        }
        return Failure(problem: JSONSyntaxError(line: line, column: column, found: found, expected: expected))
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default: return false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default: return false
        }
    }
}
