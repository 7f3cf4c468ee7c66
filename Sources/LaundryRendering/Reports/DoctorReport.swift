/// The lines `laundry doctor` prints: ✓ fine, ! worth knowing, ✗ a problem, each with what to do.
public struct DoctorReport {
    public let style: Style
    public private(set) var lines: [String] = []
    public private(set) var problems = 0

    public init(style: Style) { self.style = style }

    public mutating func ok(_ area: String, _ detail: String) {
        lines.append("\(style.paint("✓", .green)) \(TextWidth.padded(area, to: 14)) \(TerminalText.sanitize(detail))")
    }

    /// Neither checked nor wrong: what is simply so (no config.json, the defaults run).
    public mutating func note(_ area: String, _ detail: String) {
        lines.append("\(style.dim("·")) \(TextWidth.padded(area, to: 14)) \(TerminalText.sanitize(detail))")
    }

    public mutating func warning(_ area: String, _ detail: String, fix: String) {
        lines.append("\(style.paint("!", .yellow)) \(TextWidth.padded(area, to: 14)) \(TerminalText.sanitize(detail))")
        lines.append("  \(String(repeating: " ", count: 14)) \(style.dim("→ " + fix))")
    }

    public mutating func problem(_ area: String, _ detail: String, fix: String) {
        problems += 1
        lines.append("\(style.paint("✗", .red)) \(TextWidth.padded(area, to: 14)) \(TerminalText.sanitize(detail))")
        lines.append("  \(String(repeating: " ", count: 14)) \(style.dim("→ " + fix))")
    }

    public func print() {
        Swift.print(lines.joined(separator: "\n"))
    }
}
