import LaundryCore

/// Columns padded to their widest cell (as a terminal shows it), two spaces apart, a dim header,
/// and each cell painted in its colour.
public enum TextTable {
    public typealias Cell = (text: String, color: Style.Color?)

    /// Rows a thread takes at a time: `laundry loads` on ten years of 20 pets has 10,400 (bench row
    /// "`laundry loads`, 20 pets with ten years of weekly loads, the second time").
    private static let piece = 2048

    /// - Parameter plainColumns: columns whose cells are printable ASCII, a column a byte: not
    ///   looked at to be measured.
    public static func render(header: [String], rows: [[Cell]], style: Style, plainColumns: Set<Int> = []) -> String {
        String(decoding: bytes(header: header, rows: rows, style: style, plainColumns: plainColumns), as: UTF8.self)
    }

    /// The table as UTF-8, for a caller that writes it out as it is: checking 4 MB of it again as
    /// a `String` cost `laundry loads` 13 ms.
    public static func bytes(header: [String], rows: [[Cell]], style: Style, plainColumns: Set<Int> = []) -> [UInt8] {
        let pieces = stride(from: 0, to: rows.count, by: piece).map {
            Array(rows[$0..<min(rows.count, $0 + piece)].joined())
        }
        return bytes(header: header, pieces: pieces, style: style, plainColumns: plainColumns)
    }

    /// - Parameter pieces: the rows in pieces, each piece its rows' cells end to end (a row is
    ///   `header.count` cells): a thread takes a piece, and no array is made for each row.
    public static func bytes(header: [String], pieces: [[Cell]], style: Style, plainColumns: Set<Int> = []) -> [UInt8] {
        let columnCount = header.count
        let plain = (0..<columnCount).map { plainColumns.contains($0) }
        let cellWidths = pieces.concurrentMap(perThread: 1) { cells in
            var measure = Measure()
            return cells.indices.map {
                plain[$0 % columnCount] ? cells[$0].text.utf8.count : measure.width(cells[$0].text)
            }
        }
        var measure = Measure()
        var widths = header.map { measure.width($0) }
        for pieceWidths in cellWidths {
            for (index, width) in pieceWidths.enumerated() where width > widths[index % columnCount] {
                widths[index % columnCount] = width
            }
        }
        let columns = widths
        var output: [UInt8] = []
        line(
            header.map { ($0, .dim) }[...], used: header.map { measure.width($0) }[...], widths: columns, style,
            into: &output)
        let lineLength = columns.reduce(2 * columns.count) { $0 + $1 }
        let lines = zip(pieces, cellWidths).map { $0 }.concurrentMap(perThread: 1) { cells, used in
            var lines: [UInt8] = []
            lines.reserveCapacity(cells.count / max(1, columnCount) * lineLength)
            for start in stride(from: 0, to: cells.count, by: columnCount) {
                lines.append(UInt8(ascii: "\n"))
                let end = start + columnCount
                line(cells[start..<end], used: used[start..<end], widths: columns, style, into: &lines)
            }
            return lines
        }
        output.reserveCapacity(output.count + lines.reduce(0) { $0 + $1.count })
        for piece in lines { output += piece }
        return output
    }

    /// One row, each cell padded to its column and painted, trailing spaces left out.
    private static func line(
        _ cells: ArraySlice<Cell>, used: ArraySlice<Int>, widths: [Int], _ style: Style, into output: inout [UInt8]
    ) {
        let start = output.count
        func append(_ text: String) { output.append(contentsOf: text.utf8) }
        for (column, (cell, cellWidth)) in zip(cells, used).enumerated() {
            if column > 0 {
                output.append(UInt8(ascii: " "))
                output.append(UInt8(ascii: " "))
            }
            let padding = max(0, widths[column] - cellWidth)
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
