/// The one place deciding which characters are unsafe to show: an escape, newline or RTL override in a hand-edited name
/// must not move the cursor, break a line or reorder text: errors escape them, tables drop them, new names refuse them.
public enum UnsafeText {
    public enum Class: Equatable, Sendable {
        case safe
        /// C0/C1 controls and the line and paragraph separators: they break lines or drive terminals.
        case control
        /// Invisible format characters (bidi overrides and isolates, zero-width spaces), but not the emoji ZWJ.
        case invisibleFormat
    }

    public static func classify(_ scalar: Unicode.Scalar) -> Class {
        // ASCII first: the Unicode property tables are slow, and most names are plain ASCII.
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F ? .control : .safe }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return .control
        case .format where scalar.value != 0x200D: return .invisibleFormat
        default: return .safe
        }
    }

    public static func isSafe(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } || text.unicodeScalars.allSatisfy { classify($0) == .safe }
    }

    /// For one-line messages: unsafe characters escaped (`\n`, `\u{202e}`), so the line shows exactly what it held.
    public static func escaped(_ text: String) -> String {
        if isSafe(text) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard classify(scalar) != .safe else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return result
    }

    /// For tables and cards: controls become U+FFFD, invisible format characters are dropped.
    public static func displayable(_ text: String) -> String {
        if isSafe(text) { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch classify(scalar) {
            case .safe: result.unicodeScalars.append(scalar)
            case .control: result.unicodeScalars.append("\u{FFFD}")
            case .invisibleFormat: continue
            }
        }
        return result
    }
}
