import FoundationEssentials

/// What the user's hook (`config.json` `"hook"`) is told about one notification: in its
/// environment, and on its standard input as one JSON object.
public struct HookEvent: Equatable, Sendable, Encodable {
    /// `washDone`, `dryDone`, `extraDryDone`, `headsUp`, `warning`, `reminder` or `test`.
    public let event: String
    /// Nil for `test`, which is about no pet.
    public let petID: UUID?
    public let petName: String
    public let summary: String
    public let body: String
    /// The command that deals with it (`laundry dry Socks`), empty when none does.
    public let command: String

    public init(event: String, petID: UUID?, petName: String, summary: String, body: String, command: String) {
        self.event = event
        self.petID = petID
        self.petName = petName
        self.summary = summary
        self.body = body
        self.command = command
    }

    /// The variables added to the hook's environment.
    public var environment: [String: String] {
        [
            "LAUNDRY_EVENT": event, "LAUNDRY_PET_ID": petID?.lowercasedText ?? "", "LAUNDRY_PET_NAME": petName,
            "LAUNDRY_SUMMARY": summary, "LAUNDRY_BODY": body, "LAUNDRY_COMMAND": command,
        ]
    }

    enum CodingKeys: String, CodingKey {
        case event
        case petID = "petId"
        case petName, summary, body, command
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(event, forKey: .event)
        try container.encode(petID?.lowercasedText, forKey: .petID)
        try container.encode(petName, forKey: .petName)
        try container.encode(summary, forKey: .summary)
        try container.encode(body, forKey: .body)
        try container.encode(command, forKey: .command)
    }

    /// One line of JSON, for the hook's standard input.
    public var json: String {
        let data = (try? JSONCoding.encoder(pretty: false).encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
