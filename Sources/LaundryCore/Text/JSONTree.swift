import FoundationEssentials

/// Any JSON laundry has no type for: read by path (plugs, price topics) or built (Home Assistant's payloads).
public indirect enum JSONTree: Codable, Equatable, Sendable {
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

    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .string(let text): try single.encode(text)
        case .number(let value) where value == value.rounded() && abs(value) < 1e15: try single.encode(Int(value))
        case .number(let value): try single.encode(value)
        case .bool(let flag): try single.encode(flag)
        case .null: try single.encodeNil()
        case .array(let items): try single.encode(items)
        case .object(let members): try single.encode(members)
        }
    }

    /// Compact, keys sorted: the same state is the same bytes, so an unchanged pet is not sent again.
    public var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? Array(encoder.encode(self))) ?? Array("null".utf8)
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
