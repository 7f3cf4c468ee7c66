import LaundryCore

/// Columns padded to their widest cell (as a terminal shows it), two spaces apart, a dim header, cells in colour.
/// On a terminal narrower than the table, `cuts` are made in their order until it fits (`Style.width`).
public enum TextTable {
    public typealias Cell = (text: String, color: Style.Color?)

    /// What a table gives up to fit, least important first: a column left out, or a text column (a name) cut
    /// with an ellipsis, down to a width.
    public enum Cut: Sendable {
        case drop(Int)
        case shorten(Int, to: Int)
    }

    public static func render(header: [String], rows: [[Cell]], style: Style, cuts: [Cut] = []) -> String {
        var (header, rows) = (header, rows)
        var measured = rows.map { $0.map { TextWidth.of($0.text) } }
        var widths = header.map(TextWidth.of)
        for row in measured {
            for (column, width) in row.enumerated() where width > widths[column] { widths[column] = width }
        }
        if let limit = style.width {
            var kept = Array(header.indices)
            func total() -> Int { kept.reduce(2 * (kept.count - 1)) { $0 + widths[$1] } }
            let natural = widths
            for cut in cuts where total() > limit {
                switch cut {
                case .drop(let column): kept.removeAll { $0 == column }
                case .shorten(let column, let least):
                    widths[column] = min(widths[column], max(least, widths[column] - (total() - limit)))
                }
            }
            // A column dropped after names were cut may leave room: the cut columns get it back, last cut first.
            for case .shorten(let column, _) in cuts.reversed() where kept.contains(column) && total() < limit {
                widths[column] = min(natural[column], widths[column] + limit - total())
            }
            header = kept.map { TextFit.shortened(header[$0], to: widths[$0]) }
            rows = rows.map { row in kept.map { (TextFit.shortened(row[$0].text, to: widths[$0]), row[$0].color) } }
            measured = rows.map { $0.map { TextWidth.of($0.text) } }
            widths = kept.map { widths[$0] }
        }
        let lines =
            [line(header.map { Cell($0, .dim) }, used: header.map(TextWidth.of), widths: widths, style)]
            + zip(rows, measured).map { line($0, used: $1, widths: widths, style) }
        return lines.map { TextFit.wrap($0, width: style.width) }.joined(separator: "\n")
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
