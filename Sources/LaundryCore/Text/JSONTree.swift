import FoundationEssentials

/// Any JSON document (via `JSONDecoder`), read by path: for shapes laundry does not define (a plug's, a price topic's).
public indirect enum JSONTree: Decodable, Sendable {
    case object([String: JSONTree])
    case array([JSONTree])
    case number(Double)
    case string(String)
    case bool(Bool)
    case null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONTree].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }

    public static func read(_ bytes: [UInt8]) -> JSONTree? {
        try? JSONDecoder().decode(JSONTree.self, from: Data(bytes))
    }

    public subscript(key: String) -> JSONTree? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var double: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// An ISO 8601 time.
    public var date: Date? {
        if case .string(let text) = self { return Timestamp.parse(text) }
        return nil
    }
}
