/// An optional a JSON contract spells `null` (synthesized `Encodable` drops nil keys), keeping the synthesized encoder.
public struct Nullable<Value: Encodable>: Encodable {
    public let value: Value?

    public init(_ value: Value?) { self.value = value }

    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        if let value { try single.encode(value) } else { try single.encodeNil() }
    }
}
