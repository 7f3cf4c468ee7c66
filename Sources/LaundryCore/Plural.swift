/// The one place a count meets its noun: "1 load", "2 loads", "1 copy", "3 copies". Every message
/// that shows a count goes through here, so "1 loads" cannot come back.
public enum Plural {
    /// `count` and the noun in the right number; `plural` for nouns that do not just add an "s".
    public static func count(_ count: some BinaryInteger, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
