/// A file laundry keeps for itself whose content is a bare collection (the appliances' watch, unwritten calendar
/// entries), written as `{"schemaVersion": 1, "content": …}`; the bare content 0.1.0 wrote reads as version 1.
public struct VersionedFile<Content: Codable & Sendable>: Codable, Sendable {
    public static var currentSchemaVersion: Int { 1 }
    public var schemaVersion: Int
    public var content: Content

    public init(_ content: Content) {
        schemaVersion = Self.currentSchemaVersion
        self.content = content
    }

    private enum CodingKeys: String, CodingKey { case schemaVersion, content }

    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: CodingKeys.self),
            let version = try? container.decode(Int.self, forKey: .schemaVersion)
        {
            schemaVersion = version
            content = try container.decode(Content.self, forKey: .content)
        } else {
            schemaVersion = 1
            content = try Content(from: decoder)
        }
    }
}
