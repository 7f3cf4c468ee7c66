/// The one template engine: text with `{field}` placeholders, `{{` and `}}` for literal braces.
/// Notifications (`messages.json` and the catalogues' translations of it), messages with values and
/// the status bars' `--template` all fill their fields through it. A bar's template is the user's
/// and parsed strictly (`BarTemplate`); a message's placeholder that names nothing stays as written,
/// so a mistake in a translation shows, and never stops a popup.
struct TextTemplate: Equatable, Sendable {
    enum Piece: Equatable, Sendable {
        case text(String)
        case field(String)
    }

    enum Problem: Error, Equatable, Sendable {
        case unclosedBrace
        case strayClosingBrace
    }

    let pieces: [Piece]

    init(_ template: String) throws(Problem) {
        var pieces: [Piece] = []
        var literal = ""
        var characters = template[...]
        while let character = characters.popFirst() {
            switch character {
            case "{" where characters.first == "{", "}" where characters.first == "}":
                literal.append(character)
                characters.removeFirst()
            case "{":
                guard let close = characters.firstIndex(of: "}") else { throw .unclosedBrace }
                if !literal.isEmpty { pieces.append(.text(literal)) }
                literal = ""
                pieces.append(.field(String(characters[..<close])))
                characters = characters[characters.index(after: close)...]
            case "}":
                throw .strayClosingBrace
            default:
                literal.append(character)
            }
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// The text with each field's value; a field without one stays `{field}`.
    func filled(_ values: [String: String]) -> String {
        pieces.map {
            switch $0 {
            case .text(let text): return text
            case .field(let name): return values[name] ?? "{\(name)}"
            }
        }.joined()
    }

    /// `template` filled leniently: a stray or unclosed brace is kept as text.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        guard template.contains("{") || template.contains("}") else { return template }
        guard let parsed = try? TextTemplate(template) else { return template }
        return parsed.filled(values)
    }
}
