import FoundationEssentials
import LaundryCore

/// CSV as RFC 4180 writes it (CRLF line ends; a cell with a comma, quote or line break quoted), safe in a spreadsheet:
/// a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return would be a formula, so it gets a leading `'`.
public enum CSVText {
    public static func document(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map(line).joined()
    }

    /// `values` as `--json` writes them, a column per JSON key in `columns` (a list: its count; an object: its
    /// `key=value` pairs by key, `-` for null; null or absent: empty), so the CSV says nothing the JSON does not;
    /// `header` names the columns (`columns` when nil).
    public static func document(_ values: [some Encodable], columns: [String], header: [String]? = nil) throws
        -> String
    {
        let rows = JSONTree.read(Array(try JSONCoding.encoder(pretty: false).encode(values)))
        guard case .array(let objects)? = rows else { return document(header: header ?? columns, rows: []) }
        return document(header: header ?? columns, rows: objects.map { object in columns.map { text(object[$0]) } })
    }

    private static func text(_ value: JSONTree?) -> String {
        switch value {
        case .string(let text)?: text
        case .number(let number)?: NumberText.plain(number)
        case .bool(let flag)?: String(flag)
        case .array(let items)?: String(items.count)
        case .object(let fields)?:
            fields.keys.sorted().map { key in
                "\(key)=\(fields[key].map { $0 == .null ? "-" : text($0) } ?? "-")"
            }.joined(separator: " ")
        case .null?, nil: ""
        }
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
