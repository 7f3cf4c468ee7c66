import LaundryCore

/// Columns padded to their widest cell (as a terminal shows it), two spaces apart, a dim header, cells in colour.
public enum TextTable {
    public typealias Cell = (text: String, color: Style.Color?)

    public static func render(header: [String], rows: [[Cell]], style: Style) -> String {
        let measured = rows.map { $0.map { TextWidth.of($0.text) } }
        var widths = header.map(TextWidth.of)
        for row in measured {
            for (column, width) in row.enumerated() where width > widths[column] { widths[column] = width }
        }
        let headerCells = header.map { Cell($0, .dim) }
        let lines =
            [line(headerCells, used: header.map(TextWidth.of), widths: widths, style)]
            + zip(rows, measured).map { line($0, used: $1, widths: widths, style) }
        return lines.joined(separator: "\n")
    }

    /// One row, each cell padded to its column and painted, trailing spaces left out.
    private static func line(_ cells: [Cell], used: [Int], widths: [Int], _ style: Style) -> String {
        var output = ""
        for (column, (cell, cellWidth)) in zip(cells, used).enumerated() {
            if column > 0 { output += "  " }
            let padded = cell.text + String(repeating: " ", count: max(0, widths[column] - cellWidth))
            output += cell.color.map { style.enabled ? style.paint(padded, $0) : padded } ?? padded
        }
        while output.last == " " { output.removeLast() }
        return output
    }
}
