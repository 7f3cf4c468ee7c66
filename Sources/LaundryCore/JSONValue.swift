import FoundationEssentials

/// A JSON document read by `JSONValue.read`: laundry's own reader of the JSON files on every
/// command's path (each machine's pet records, `kinds.json`), and of a plug's payload (where one
/// it does not read, such as a payload with a key twice, has no reading: "field missing").
/// `JSONDecoder` costs about 450,000 instructions per pet record, most of it the Swift runtime
/// making the metadata of the generic containers it decodes through and looking up their
/// conformances (callgrind, `laundry status` with 10 pets: 4.5 of 12.5 million instructions; bench
/// row "`laundry status`, 10 pets (3 washing), instructions"). This reader is not generic: a value
/// is a tree of this enum, and each type reads itself from it (`PetRecord(json:)`,
/// `KindCatalog(json:)`). A document or value it does not expect gives nil, and the caller decodes
/// with `JSONDecoder` instead, so a file means the same whichever reads it and errors are
/// `JSONDecoder`'s (a property test checks the two agree).
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number as written; read as `int` or `double` where it is used.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// The members in the order written (objects here have a handful of keys: looked up in order).
    case object([Member])

    public struct Member: Equatable, Sendable {
        public let key: String
        public let value: JSONValue
    }

    /// The document in `bytes`, or nil when it is not JSON, or is JSON this reader leaves to
    /// `JSONDecoder` (a key twice, nesting past 64 levels, text that is not UTF-8).
    public static func read<Bytes: Collection>(_ bytes: Bytes) -> JSONValue? where Bytes.Element == UInt8 {
        let read = bytes.withContiguousStorageIfAvailable { buffer -> JSONValue? in
            var reader = Reader(bytes: buffer)
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.index == buffer.count ? value : nil
        }
        if let read { return read }
        return Array(bytes).withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.index == buffer.count ? value : nil
        }
    }

    // MARK: Reading values the way JSONDecoder does; nil for anything else

    /// The member `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// An integer written as digits only (JSONDecoder's other spellings of one are left to it).
    public var int: Int? {
        guard case .number(let text) = self, !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else {
            return nil
        }
        return Int(text)
    }

    /// A finite number. One too small for a Double is left to JSONDecoder, which refuses it where
    /// `Double(_:)` would give 0.
    public var double: Double? {
        guard case .number(let text) = self, let value = Double(text), value.isFinite else { return nil }
        let mantissa = text.prefix(while: { $0 != "e" && $0 != "E" })
        if value == 0, mantissa.contains(where: { $0 >= "1" && $0 <= "9" }) { return nil }
        return value
    }

    /// An id, read from its bytes (`UUID(utf8:)`; Foundation's `UUID(uuidString:)` runs `sscanf`,
    /// 9,000 instructions an id), else as Foundation reads it.
    public var uuid: UUID? {
        guard var text = string else { return nil }
        return text.withUTF8 { UUID(utf8: UnsafeRawBufferPointer($0)) } ?? UUID(uuidString: text)
    }

    /// A date as laundry writes them (`Timestamp`).
    public var date: Date? { string.flatMap(Timestamp.parse) }

    public var isNull: Bool { self == .null }

    /// An optional member: `.some(nil)` when absent or null, `.some(value)` when `read` takes it,
    /// nil when it is there but not readable (the whole document is then left to JSONDecoder).
    public func optional<Value>(_ key: String, _ read: (JSONValue) -> Value?) -> Value?? {
        guard let member = self[key], !member.isNull else { return .some(nil) }
        return read(member).map { .some($0) }
    }
}

/// The byte-level parser behind `JSONValue.read` (RFC 8259).
private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    static let maximumDepth = 64

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func skipSpace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return }
            index += 1
        }
    }

    mutating func value(depth: Int) -> JSONValue? {
        skipSpace()
        guard index < bytes.count, depth < Self.maximumDepth else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
        index += count
        return value
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1
        var members: [JSONValue.Member] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            // A key twice: which one JSONDecoder keeps is its business.
            guard !members.contains(where: { $0.key == key }) else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let value = value(depth: depth + 1) else { return nil }
            members.append(JSONValue.Member(key: key, value: value))
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                return nil
            }
        }
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1
        var elements: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            guard let element = value(depth: depth + 1) else { return nil }
            elements.append(element)
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            } else {
                return nil
            }
        }
    }

    /// A string at `index` (its opening quote), unescaped; nil for a control character, a bad
    /// escape, a lone surrogate or bytes that are not UTF-8.
    private mutating func string() -> String? {
        index += 1
        let start = index
        // Most strings have no escape: one slice, checked as UTF-8 once.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            defer { index += 1 }
            return Self.validUTF8(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        }
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return utf8.withUnsafeBufferPointer { Self.validUTF8($0) }
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    utf8.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                utf8.append(byte)
            }
        }
        return nil
    }

    /// The text of `bytes`, or nil when they are not UTF-8. `String(validating:as:)` is generic over
    /// the encoding and runs unspecialized here (0.59 million instructions for 10 pet records):
    /// `String(decoding:)` repairs what is not UTF-8, so the text is valid exactly when it gives
    /// the same bytes back.
    private static func validUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        if bytes.allSatisfy({ $0 < 0x80 }) { return text }
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    /// `XXXX` after `\u`, and the low half that must follow a high surrogate.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        if (0xD800...0xDBFF).contains(high) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            index += 2
            guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high)
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as written.
    private mutating func number() -> JSONValue? {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { return nil }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { return nil }
            skipDigits()
        }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
