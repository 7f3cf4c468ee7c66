/// CSV as RFC 4180 writes it (CRLF line ends; a cell with a comma, quote or line break quoted), safe in a spreadsheet:
/// a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return would be a formula, so it gets a leading `'`.
public enum CSVText {
    public static func document(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map(line).joined()
    }

    public static func line(_ cells: [String]) -> String {
        cells.map(cell).joined(separator: ",") + "\r\n"
    }

    static func cell(_ text: String) -> String {
        var value = text
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacing("\"", with: "\"\"") + "\""
    }
}
