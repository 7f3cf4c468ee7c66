import LaundryCore

/// Columns padded to their widest cell (as a terminal shows it), two spaces apart, a dim header,
/// and each cell painted in its colour.
public enum TextTable {
    public typealias Cell = (text: String, color: Style.Color?)

    public static func render(header: [String], rows: [[Cell]], style: Style) -> String {
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
