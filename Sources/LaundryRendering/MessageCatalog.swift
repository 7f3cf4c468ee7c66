import LaundryStore

/// The texts of notifications, from `data/messages.json`.
public struct MessageCatalog: Codable, Sendable {
    public struct Template: Codable, Sendable {
        public let summary: String
        public let body: String
        public let actions: [Button]
        /// The command to type where the server has no buttons.
        public let command: String
        public let urgency: String
    }

    /// A button, `["dry", "Start dryer"]` in the file: the key names the action it performs.
    public struct Button: Codable, Equatable, Sendable {
        public let key: String
        public let label: String

        public init(from decoder: any Decoder) throws {
            var pair = try decoder.unkeyedContainer()
            key = try pair.decode(String.self)
            label = try pair.decode(String.self)
            guard pair.isAtEnd else {
                throw DecodingError.dataCorruptedError(in: pair, debugDescription: "a button is [key, label]")
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var pair = encoder.unkeyedContainer()
            try pair.encode(key)
            try pair.encode(label)
        }
    }

    /// A text with no buttons: for a hook, never a popup.
    public struct Line: Codable, Sendable {
        public let summary: String
        public let body: String
    }

    /// Why a load stopped before its end, as `{why}` in `loadStopped`.
    public struct StopReasons: Codable, Sendable {
        public let cancelled: String
        public let paused: String
        public let released: String
        public let replaced: String
    }

    public let washDone: Template
    public let dryDone: Template
    public let extraDryDone: Template
    public let warning25: Template
    public let warning10: Template
    public let warning5: Template
    public let warning0: Template
    public let nagWashed: Template
    public let nagDried: Template
    public let headsUp: Template
    public let test: Template
    /// What a hook (a phone) is told when a load starts or resumes, stops early, and when this
    /// computer goes to sleep with loads running.
    public let loadStarted: Line
    public let loadStopped: Line
    public let stopReasons: StopReasons
    public let sleeping: Line
    /// The label of the `default` action, a click on the popup itself.
    public let click: String
    /// Appended to a finished load announced late: ` (finished {ago} ago)`.
    public let catchUp: String
    /// Appended to a load that finished while the computer slept: ` (finished {ago} ago, while
    /// this computer slept)`, and its form for under a minute.
    public let slept: String
    public let sleptJustNow: String
    /// The line that names the command where buttons are missing.
    public let typeCommand: String
}

extension MessageCatalog {
    /// `messages.json` of the data folder: the one file the text side reads.
    public static func load(from data: DataDirectory) throws(StoreError) -> MessageCatalog {
        try data.load(MessageCatalog.self, from: "messages.json")
    }
}
