/// The lines `laundry doctor` prints: ✓ fine, ! worth knowing, ✗ a problem, each with what to do.
public struct DoctorReport {
    public let style: Style
    private var findings: [(mark: String, area: String, detail: String, fix: String?)] = []
    public private(set) var problems = 0

    public init(style: Style) { self.style = style }

    public mutating func ok(_ area: String, _ detail: String) {
        findings.append((style.paint("✓", .green), area, TerminalText.sanitize(detail), nil))
    }

    /// Neither checked nor wrong: what is simply so (no config.json, the defaults run).
    public mutating func note(_ area: String, _ detail: String) {
        findings.append((style.dim("·"), area, TerminalText.sanitize(detail), nil))
    }

    public mutating func warning(_ area: String, _ detail: String, fix: String) {
        findings.append((style.paint("!", .yellow), area, TerminalText.sanitize(detail), fix))
    }

    public mutating func problem(_ area: String, _ detail: String, fix: String) {
        problems += 1
        findings.append((style.paint("✗", .red), area, TerminalText.sanitize(detail), fix))
    }

    /// Details lined up after the widest area (14 columns at least); narrower than a line, it breaks under them.
    public var lines: [String] {
        let width = findings.map { TextWidth.of($0.area) }.reduce(14, max)
        let under = String(repeating: " ", count: width + 3)
        return findings.flatMap { finding in
            ["\(finding.mark) \(TextWidth.padded(finding.area, to: width)) \(finding.detail)"]
                + (finding.fix.map { [under + style.dim("→ " + $0)] } ?? [])
        }.map { TextFit.wrap($0, width: style.width, indent: width + 3) }
    }

    public func print() {
        Swift.print(lines.joined(separator: "\n"))
    }
}
