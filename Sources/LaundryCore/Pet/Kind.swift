/// A kind of laundry (clothes, sheets, …) and its defaults for a new pet; listed in `data/kinds.json`, not in code.
public struct Kind: Codable, Hashable, Sendable {
    public let id: String
    public let name: String
    public let emoji: String
    public let washSeconds: Int
    public let drySeconds: Int
    public let cycleDays: Double
    /// What the pet says about itself in each mood; `{name}` is replaced by the pet's name.
    public let personality: [String: [String]]

    public init(
        id: String, name: String, emoji: String, washSeconds: Int, drySeconds: Int,
        cycleDays: Double, personality: [String: [String]] = [:]
    ) {
        self.id = id
        self.name = name
        self.emoji = emoji
        self.washSeconds = washSeconds
        self.drySeconds = drySeconds
        self.cycleDays = cycleDays
        self.personality = personality
    }
}

public struct KindCatalog: Codable, Sendable {
    public let defaultKind: String
    public let kinds: [Kind]

    public init(defaultKind: String, kinds: [Kind]) {
        self.defaultKind = defaultKind
        self.kinds = kinds
    }

    public var ids: [String] { kinds.map(\.id) }

    public func kind(_ id: String) -> Kind? { kinds.first { $0.id == id.lowercased() } }

    public func resolve(_ id: String) throws(PetError) -> Kind {
        guard let kind = kind(id) else { throw .unknownKind(id, known: kinds) }
        return kind
    }

}
