import Foundation

/// A po file read for tests (po/<lang>.po, po/laundry.pot): each message's context, English and translations; the
/// header and obsolete (`#~`) entries left out.
public struct Catalogue: Sendable {
    public struct Message: Sendable {
        public var context: String?
        public var english: String
        public var englishPlural: String?
        /// One per plural form (one without a plural); empty where untranslated.
        public var translations: [String]
    }

    public let messages: [Message]

    /// `po/<name>` of the source tree (`de.po`, `laundry.pot`).
    public init(_ name: String) throws {
        try self.init(text: String(contentsOfFile: SourceTree.root + "/po/" + name, encoding: .utf8))
    }

    public init(text: String) {
        var messages: [Message] = []
        var fields: [String: String] = [:]
        var field: String?
        func flush() {
            if let english = fields["msgid"], !english.isEmpty {
                let forms = fields.keys.filter { $0.hasPrefix("msgstr") }.sorted()
                messages.append(
                    Message(
                        context: fields["msgctxt"], english: english, englishPlural: fields["msgid_plural"],
                        translations: forms.map { fields[$0] ?? "" }))
            }
            fields = [:]
            field = nil
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                flush()
            } else if line.hasPrefix("#") {
                continue
            } else if line.hasPrefix("\"") {
                if let field { fields[field, default: ""] += Self.unquoted(line) }
            } else if let space = line.firstIndex(of: " ") {
                if fields[String(line[..<space])] != nil { flush() }
                field = String(line[..<space])
                fields[field!] = Self.unquoted(line[line.index(after: space)...])
            }
        }
        flush()
        self.messages = messages
    }

    /// The text of one quoted po string (`"a \"b\"\n"`).
    private static func unquoted(_ quoted: Substring) -> String {
        var text = ""
        var characters = quoted.trimmingCharacters(in: .whitespaces).dropFirst().dropLast()[...]
        while let character = characters.popFirst() {
            guard character == "\\", let next = characters.popFirst() else {
                text.append(character)
                continue
            }
            switch next {
            case "n": text.append("\n")
            case "t": text.append("\t")
            default: text.append(next)
            }
        }
        return text
    }

    /// Words as the glossary and the language tests count them: runs of letters (`d’Ana` is `d` and `Ana`).
    public static func words(_ text: String) -> [String] {
        text.split { !$0.isLetter }.map(String.init)
    }

    /// `text` without what is typed as written in every language: commands (`laundry wash <pet>`), options, quoted
    /// keys of config.json, `{placeholders}` and README's section names (README is English).
    public static func withoutInput(_ text: String) -> String {
        var text = text
        for pattern in [
            #"README: [^)]*"#, #"\blaundry( [a-z][a-z-]*)+"#, #"<[a-z-]+>"#, #"--[a-z-]+"#, #"\{[A-Za-z]+\}"#,
            #""[A-Za-z.]+""#,
        ] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return text
    }
}
