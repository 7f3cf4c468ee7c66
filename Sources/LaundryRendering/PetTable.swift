import FoundationEssentials
import LaundryCore

/// The table of `laundry list` and `laundry status`.
public struct PetTable {
    public let views: [PetView]
    public let style: Style

    public init(views: [PetView], style: Style) {
        self.views = views
        self.style = style
    }

    public func render() -> String {
        let header = ["", "NAME", "MOOD", "HEALTH", "STAGE", "TIME LEFT", "NEXT DUE"]
        var rows: [[(text: String, color: Style.Color?)]] = []
        for view in views {
            let moodColor = style.color(for: view.mood)
            rows.append([
                (view.kind.emoji, nil),
                (view.name, .bold),
                ("\(view.mood.face) \(view.mood.label)", moodColor),
                ("\(Bars.health(view.health)) \(view.health)%", moodColor),
                (view.stageText, style.color(for: view.pet.stage)),
                (view.timeLeftText(), view.timer == nil ? .dim : nil),
                (view.dueText, view.isOverdue ? .red : nil),
            ])
        }
        var widths = header.map(TextWidth.of)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], TextWidth.of(cell.text)) }
        }
        var lines = [
            header.enumerated().map { style.dim(TextWidth.padded($0.element, to: widths[$0.offset])) }
                .joined(separator: "  ").trimmingTrailingSpaces()
        ]
        for row in rows {
            let cells = row.enumerated().map { column, cell -> String in
                let padded = TextWidth.padded(cell.text, to: widths[column])
                return cell.color.map { style.paint(padded, $0) } ?? padded
            }
            lines.append(cells.joined(separator: "  ").trimmingTrailingSpaces())
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    public func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
