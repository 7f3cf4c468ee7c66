/// MQTT topic names as config.json may give them.
public enum TopicText {
    /// A topic one can publish to: not empty, no wildcard, no spaces, no leading or trailing `/`.
    public static func isPlainTopic(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix("/") && !text.hasSuffix("/")
            && !text.contains(where: { $0 == "+" || $0 == "#" || $0.isWhitespace || $0 == "\u{0}" })
    }
}
