/// The texts of notifications, from `data/messages.json`.
public struct MessageCatalog: Codable, Sendable {
    public struct Template: Codable, Sendable {
        public let summary: String
        public let body: String
        /// Buttons as `[key, label]`; the key names the action a button performs.
        public let actions: [[String]]
        /// The command to type where the server has no buttons.
        public let command: String
        public let urgency: String
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
    /// The label of the `default` action, a click on the popup itself.
    public let click: String
    /// Appended to a finished load announced late: ` (finished {ago} ago)`.
    public let catchUp: String
    /// The line that names the command where buttons are missing.
    public let typeCommand: String
}
