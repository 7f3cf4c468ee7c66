import FoundationEssentials

/// One frame Home Assistant's WebSocket API sends, read strictly: what laundry acts on, `other` for the rest. The
/// shapes are those of websocket_api's `auth.py`, `messages.py` and `commands.py` (2024.3 to 2025.4 alike).
public enum HomeAssistantMessage: Equatable, Sendable {
    case authRequired(version: String)
    case authOK(version: String)
    case authInvalid(message: String)
    /// A command's answer; a refusal carries Home Assistant's error code and message.
    case result(id: Int, success: Bool, errorCode: String?, errorMessage: String?)
    /// An event of the `subscribe_entities` command numbered `id`.
    case entities(id: Int, EntityEvent)
    case pong(id: Int)
    /// Any other type (events of other subscriptions, new message types), unread.
    case other(type: String)

    /// Larger frames are refused unread: four states of a washer are a few kilobytes, and a subscription's first event
    /// for every entity of a large home (none of laundry's) is about a megabyte.
    public static let maximumBytes = 4 * 1024 * 1024
    /// Deeper nesting is refused before it is decoded: no attribute an integration sets comes near it.
    public static let maximumDepth = 64

    public static func parse(_ bytes: [UInt8]) throws(HomeAssistantFrameProblem) -> HomeAssistantMessage {
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes: bytes.count) }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .notUTF8 }
        guard depth(of: bytes) <= maximumDepth else { throw .tooDeep }
        guard let tree = JSONTree.read(bytes) else { throw .notJSON }
        guard case .object(let members) = tree else { throw .notAnObject }
        guard case .string(let type)? = members["type"] else { throw .noType }
        switch type {
        case "auth_required": return .authRequired(version: text(members["ha_version"]) ?? "")
        case "auth_ok": return .authOK(version: text(members["ha_version"]) ?? "")
        case "auth_invalid": return .authInvalid(message: text(members["message"]) ?? "")
        case "result":
            let error = members["error"]
            return .result(
                id: try id(members, type), success: members["success"] == .bool(true),
                errorCode: text(error?["code"]), errorMessage: text(error?["message"]))
        case "event":
            return .entities(id: try id(members, type), try EntityEventReader.read(members["event"]))
        case "pong": return .pong(id: try id(members, type))
        default: return .other(type: type)
        }
    }

    private static func text(_ value: JSONTree?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    /// Home Assistant's ids are positive whole numbers, and JSON's exact ones end at 2^53.
    private static func id(_ members: [String: JSONTree], _ type: String) throws(HomeAssistantFrameProblem) -> Int {
        guard case .number(let value)? = members["id"], value >= 0, value <= 9_007_199_254_740_992,
            value == value.rounded()
        else { throw .noID(type: type) }
        return Int(value)
    }

    /// How deeply arrays and objects nest, outside strings: counted before decoding, which recurses.
    static func depth(of bytes: [UInt8]) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}
