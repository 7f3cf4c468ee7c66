import FoundationEssentials
import LaundryCore

/// A JSON value built by hand, for payloads whose keys are Home Assistant's, not ours.
public indirect enum HomeJSON: Encodable, Equatable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case list([HomeJSON])
    case object([String: HomeJSON])

    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .string(let text): try single.encode(text)
        case .number(let value) where value == value.rounded() && abs(value) < 1e15: try single.encode(Int(value))
        case .number(let value): try single.encode(value)
        case .bool(let flag): try single.encode(flag)
        case .null: try single.encodeNil()
        case .list(let items): try single.encode(items)
        case .object(let members): try single.encode(members)
        }
    }

    /// Compact, keys sorted: the same state is the same bytes, so an unchanged pet is not sent again.
    public var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? Array(encoder.encode(self))) ?? Array("null".utf8)
    }
}
