/// A contact sensor's MQTT topic that tells whether an appliance's door is open, as zigbee2mqtt publishes it
/// (`{"contact": false, …}`: no contact, the door is open).
public struct DoorTopic: Equatable, Sendable {
    public var topic: String
    /// A dotted path to the field in the payload's JSON.
    public var field: [String] = ["contact"]
    /// The field's value that means open.
    public var openWhen: JSONTree = .bool(false)

    public init(topic: String) { self.topic = topic }

    public enum Problem: Error, Equatable, Sendable {
        case tooLarge(Int)
        case fieldMissing(String)
    }

    /// Whether the payload says the door is open.
    public func isOpen(_ payload: [UInt8]) throws(Problem) -> Bool {
        guard payload.count <= PowerReading.largestPayload else { throw .tooLarge(payload.count) }
        guard let json = JSONTree.read(payload), let value = field.reduce(Optional(json), { $0?[$1] }),
            value != .null
        else { throw .fieldMissing(field.joined(separator: ".")) }
        return value == openWhen
    }
}
