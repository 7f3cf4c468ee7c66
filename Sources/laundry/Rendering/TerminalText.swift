/// Makes text from files safe to print: a name edited by hand to hold an escape sequence or a
/// newline must not move the cursor or break a table.
enum TerminalText {
    static func sanitize(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator:
                result.unicodeScalars.append("\u{FFFD}")
            case .format where scalar.value != 0x200D:
                continue
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
