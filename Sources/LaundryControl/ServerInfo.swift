/// What the notification server said about itself (laundryd asks; `doctor` and `notify-test` show it).
public struct ServerInfo: Codable, Equatable, Sendable, CustomStringConvertible {
    public let name: String
    public let vendor: String
    public let version: String
    public let specVersion: String
    public let capabilities: [String]

    public init(name: String, vendor: String, version: String, specVersion: String, capabilities: [String]) {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.specVersion = specVersion
        self.capabilities = capabilities
    }

    public var hasActions: Bool { capabilities.contains("actions") }
    public var hasBodyMarkup: Bool { capabilities.contains("body-markup") }

    public var description: String {
        "\(name) \(version) (\(vendor), spec \(specVersion)); capabilities: \(capabilities.joined(separator: ", "))"
    }
}
