import FoundationEssentials

/// One Home Assistant entity as its WebSocket API reports it: `unavailable` and `unknown` are states like any other.
public struct EntityState: Equatable, Sendable {
    public var entityID: String
    public var state: String
    /// The entity's attributes (`device_class`, `options`, …): an object, empty when none came.
    public var attributes: [String: JSONTree]
    /// When the state itself last changed, as Home Assistant says; nil when it did not say.
    public var lastChanged: Date?

    public init(entityID: String, state: String, attributes: [String: JSONTree] = [:], lastChanged: Date? = nil) {
        self.entityID = entityID
        self.state = state
        self.attributes = attributes
        self.lastChanged = lastChanged
    }

    /// Home Assistant's words for "no value": the integration lost the device, or has not heard from it yet.
    public var isUnavailable: Bool { state == "unavailable" || state == "unknown" || state.isEmpty }

    public var deviceClass: String? {
        if case .string(let text)? = attributes["device_class"] { return text }
        return nil
    }
}
