import LaundryCore

/// Colour, in one place. Every colour is dropped when stdout is not a terminal or `NO_COLOR` is set.
struct Style {
    let enabled: Bool

    enum Color: String {
        case red = "31", green = "32", yellow = "33", blue = "34", magenta = "35", cyan = "36"
        case bold = "1", dim = "2"
    }

    func paint(_ text: String, _ color: Color) -> String {
        enabled ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { paint(text, .bold) }
    func dim(_ text: String) -> String { paint(text, .dim) }

    func color(for mood: Mood) -> Color {
        switch mood {
        case .happy: return .green
        case .neutral: return .cyan
        case .sad: return .yellow
        case .verySad, .dead: return .red
        }
    }

    func color(for stage: Stage) -> Color {
        switch stage {
        case .idle: return .dim
        case .washing, .drying: return .blue
        case .washed, .dried: return .magenta
        }
    }
}
