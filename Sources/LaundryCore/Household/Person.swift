/// A household person as their machine names them (config.json's `person`, else the login name): who started, moved
/// or folded a load, whose turn, whom a nudge is for. Compared without case, here only; written as the name alone.
public struct Person: Hashable, Codable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let name: String

    public init(_ name: String) { self.name = name }

    public init(stringLiteral name: String) { self.name = name }

    /// Who a button pressed in Home Assistant names, when it names no one.
    public static let homeAssistant = Person("Home Assistant")

    public var description: String { name }

    public static func == (left: Person, right: Person) -> Bool { left.key == right.key }

    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// What tells people apart: the name, trimmed, without case.
    private var key: String { name.trimming().lowercased() }

    public init(from decoder: any Decoder) throws { name = try decoder.singleValueContainer().decode(String.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
