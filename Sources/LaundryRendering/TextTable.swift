import LaundryCore

/// Columns padded to their widest cell (as a terminal shows it), two spaces apart, a dim header,
/// and each cell painted in its colour.
public enum TextTable {
    public typealias Cell = (text: String, color: Style.Color?)

    /// Rows a thread takes at a time: `laundry loads` on a year of a thousand pets has 52,000.
    private static let piece = 2048

    /// - Parameter plainColumns: columns whose cells are printable ASCII, a column a byte: not
    ///   looked at to be measured.
    public static func render(header: [String], rows: [[Cell]], style: Style, plainColumns: Set<Int> = []) -> String {
        let pieces = stride(from: 0, to: rows.count, by: piece).map { $0..<min(rows.count, $0 + piece) }
        let plain = (0..<(header.count)).map { plainColumns.contains($0) }
        let cellWidths = pieces.concurrentMap(perThread: 1) { range in
            var measure = Measure()
            return rows[range].map { row in
                row.enumerated().map { plain[$0.offset] ? $0.element.text.utf8.count : measure.width($0.element.text) }
            }
        }
        var measure = Measure()
        var widths = header.map { measure.width($0) }
        for row in cellWidths.joined() {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell) }
        }
        let columns = widths
        var output: [UInt8] = []
        line(header.map { ($0, .dim) }, used: header.map { measure.width($0) }, widths: columns, style, into: &output)
        let lineLength = columns.reduce(2 * columns.count) { $0 + $1 }
        let lines = zip(pieces, cellWidths).map { $0 }.concurrentMap(perThread: 1) { range, used in
            var lines: [UInt8] = []
            lines.reserveCapacity(range.count * lineLength)
            for (row, rowWidths) in zip(rows[range], used) {
                lines.append(UInt8(ascii: "\n"))
                line(row, used: rowWidths, widths: columns, style, into: &lines)
            }
            return lines
        }
        output.reserveCapacity(output.count + lines.reduce(0) { $0 + $1.count })
        for piece in lines { output += piece }
        return String(decoding: output, as: UTF8.self)
    }

    /// One row, each cell padded to its column and painted, trailing spaces left out.
    private static func line(_ cells: [Cell], used: [Int], widths: [Int], _ style: Style, into output: inout [UInt8]) {
        let start = output.count
        func append(_ text: String) { output.append(contentsOf: text.utf8) }
        for (column, cell) in cells.enumerated() {
            if column > 0 { output.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
            let padding = max(0, widths[column] - used[column])
            guard let color = cell.color, style.enabled else {
                append(cell.text)
                for _ in 0..<padding { output.append(UInt8(ascii: " ")) }
                continue
            }
            append(style.paint(cell.text + String(repeating: " ", count: padding), color))
        }
        while output.count > start, output.last == UInt8(ascii: " ") { output.removeLast() }
    }

    /// Cells repeat (moods, health bars, emoji): each distinct text that is not plain ASCII is
    /// measured once, which took TextWidth in `laundry status` with 1,000 pets from 84 to 1
    /// million instructions (callgrind).
    private struct Measure {
        var measured: [String: Int] = [:]

        mutating func width(_ text: String) -> Int {
            if let columns = TextWidth.ofPrintableASCII(text) { return columns }
            if let known = measured[text] { return known }
            let width = TextWidth.of(text)
            measured[text] = width
            return width
        }
    }
}
