import FoundationEssentials

/// What laundry sends Home Assistant on one connection, as JSON text: the login, then commands numbered 1, 2, 3, …
/// (Home Assistant refuses an id that does not grow).
public struct HomeAssistantRequests: Sendable {
    public private(set) var lastID = 0

    public init() {}

    /// The login; it holds the token, so it is never logged.
    public static func auth(token: String) -> String {
        text(["type": .string("auth"), "access_token": .string(token)])
    }

    /// Every state of these entities at once, then each change (`subscribe_entities`, Home Assistant 2022.4 and later).
    public mutating func subscribeEntities(_ entityIDs: [String]) -> (id: Int, text: String) {
        command("subscribe_entities", ["entity_ids": .array(entityIDs.map { .string($0) })])
    }

    public mutating func ping() -> (id: Int, text: String) {
        command("ping", [:])
    }

    private mutating func command(_ type: String, _ fields: [String: JSONTree]) -> (id: Int, text: String) {
        lastID += 1
        var members = fields
        members["id"] = .number(Double(lastID))
        members["type"] = .string(type)
        return (lastID, Self.text(members))
    }

    private static func text(_ members: [String: JSONTree]) -> String {
        String(decoding: JSONTree.object(members).bytes, as: UTF8.self)
    }
}
