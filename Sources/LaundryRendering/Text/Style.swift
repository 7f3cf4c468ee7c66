import LaundryCore

/// Colour, in one place. Every colour is dropped when stdout is not a terminal or `NO_COLOR` is set.
public struct Style: Sendable {
    public let enabled: Bool
    /// The terminal's columns, which tables and cards fit (`TextFit`); nil: no limit, every column kept.
    public let width: Int?

    public init(enabled: Bool, width: Int? = nil) { (self.enabled, self.width) = (enabled, width) }

    public enum Color: String, Sendable {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case magenta = "35"
        case cyan = "36"
        case bold = "1"
        case dim = "2"
    }

    public func paint(_ text: String, _ color: Color) -> String {
        enabled ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    public func bold(_ text: String) -> String { paint(text, .bold) }
    public func dim(_ text: String) -> String { paint(text, .dim) }

    public func color(for mood: Mood) -> Color {
        switch mood {
        case .happy: return .green
        case .neutral: return .cyan
        case .sad: return .yellow
        case .verySad, .dead: return .red
        }
    }

    public func color(for stage: Stage) -> Color {
        switch stage {
        case .idle: return .dim
        case .washing, .drying: return .blue
        case .washed, .dried: return .magenta
        }
    }
}
