import LaundryCore

/// A field `--template` can show, of the pet most in need of attention.
public enum BarField: String, CaseIterable, Sendable {
    case icon, name, left, ends, stage, health, mood, `class`, percentage, growth, count

    /// What each field holds, for `--help` and the manual.
    public var meaning: String {
        switch self {
        case .icon:
            return "🫧 washing, 🌬️ drying, 🔥 extra-drying, ⏸ paused, 🧺 to be moved, else the mood"
        case .name: return "the pet's name"
        case .left: return "time left on its timer (12:04), empty without one"
        case .ends: return "when its timer ends (14:32), empty without one or when paused"
        case .stage: return "idle, washing, washed, drying, extra-drying or dried"
        case .health: return "its health, 0 to 100"
        case .mood: return "happy, neutral, sad, very sad or dead"
        case .class: return "idle, running, waiting or warning"
        case .percentage: return "its timer's progress, 0 to 100"
        case .growth: return "its load's growth stage, 🌰 🌱 🌿 🪴 🌳 by fifths, empty without a timer"
        case .count: return "how many pets need attention"
        }
    }

    /// The list for help texts: `{icon} 🫧 … ; {name} the pet's name; …`.
    public static var helpList: String {
        allCases.map { "{\($0.rawValue)} \($0.meaning)" }.joined(separator: "; ")
    }
}

/// A line for any other bar, `{icon} {name} {left}`: text with fields in braces; `{{` and `}}` are literal braces.
public struct BarTemplate: Equatable, Sendable {
    enum Piece: Equatable, Sendable {
        case text(String)
        case field(BarField)
    }

    public enum Problem: Error, Equatable, Sendable {
        case unknownField(String)
        case unclosedBrace
        case strayClosingBrace
    }

    let pieces: [Piece]

    public init(_ template: String) throws(Problem) {
        let parsed: TextTemplate
        do { parsed = try TextTemplate(template) } catch {
            switch error {
            case .unclosedBrace: throw .unclosedBrace
            case .strayClosingBrace: throw .strayClosingBrace
            }
        }
        pieces = try parsed.pieces.map { piece throws(Problem) -> Piece in
            switch piece {
            case .text(let text): return .text(text)
            case .field(let name):
                guard let field = BarField(rawValue: name) else { throw .unknownField(name) }
                return .field(field)
            }
        }
    }

    public var fields: Set<BarField> {
        Set(pieces.compactMap { if case .field(let field) = $0 { return field } else { return nil } })
    }

    /// The line for a moment, empty when no pet needs attention; `escape` guards values; the template's text is kept.
    public func render(_ status: BarStatus, escape: (String) -> String = { $0 }) -> String {
        guard status.focus != nil else { return "" }
        return pieces.map {
            switch $0 {
            case .text(let text): return text
            case .field(let field): return escape(status.value(of: field))
            }
        }.joined()
    }
}
