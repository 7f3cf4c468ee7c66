import FoundationEssentials

/// Why a frame from Home Assistant's WebSocket API was not read: the frame is ignored, the connection kept (unless it
/// came while logging in). Data, not words: the daemon logs each kind once.
public enum HomeAssistantFrameProblem: Error, Codable, Equatable, Sendable {
    /// Longer than `HomeAssistantMessage.maximumBytes` (a subscription's first event for a few entities is kilobytes).
    case tooLarge(bytes: Int)
    case notUTF8
    /// Arrays and objects nested deeper than `HomeAssistantMessage.maximumDepth`: no state Home Assistant sends is.
    case tooDeep
    case notJSON
    /// JSON, but not an object (an array of messages comes only to a client that asked for them, and laundry does not).
    case notAnObject
    /// An object without a `type` string.
    case noType
    /// A `result`, `event` or `pong` without a whole-number `id`.
    case noID(type: String)
    /// A `subscribe_entities` event of another shape: `field` names what was wrong ("event", "a", "c", "r", "s", "lc",
    /// "+", "-", …), `entityID` the entity it was about, when it was about one.
    case badEntityEvent(entityID: String?, field: String)

    /// The kind of problem without its details: the daemon says each kind once.
    public var kind: String {
        switch self {
        case .tooLarge: "tooLarge"
        case .notUTF8: "notUTF8"
        case .tooDeep: "tooDeep"
        case .notJSON: "notJSON"
        case .notAnObject: "notAnObject"
        case .noType: "noType"
        case .noID: "noID"
        case .badEntityEvent: "badEntityEvent"
        }
    }
}
