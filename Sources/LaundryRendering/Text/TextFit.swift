/// Fitting output to a terminal's width (`Style.width`): a table gives up its least important columns first
/// (`TextTable.Cut`); what is still wider breaks between words, never inside one (a terminal would).
public enum TextFit {
    /// Each line of `text` broken between words into lines of at most `width` columns, each after the first
    /// starting with `indent` spaces; escape codes take no column. A word wider than a line (a path) breaks after
    /// its slashes, else stays whole.
    public static func wrap(_ text: String, width: Int?, indent: Int = 2) -> String {
        guard let width else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            wrap(line: String($0), width: width, indent: indent)
        }.joined(separator: "\n")
    }

    private static func wrap(line: String, width: Int, indent: Int) -> String {
        guard columns(line) > width else { return line }
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var (current, used, gap, fresh) = ("", 0, "", true)
        func place(_ word: String, after gap: String) {
            let wordWidth = columns(word)
            // A line that has not passed the indent yet (a card's label) keeps its word: a break would gain nothing.
            if !fresh && used + gap.count + wordWidth > width && used + gap.count > indent {
                lines.append(current)
                (current, used) = (pad, indent)
            } else {
                (current, used) = (current + gap, used + gap.count)
            }
            (current, used, fresh) = (current + word, used + wordWidth, fresh && wordWidth == 0)
        }
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            guard !word.isEmpty else {
                gap += " "
                continue
            }
            let tooWide = columns(String(word)) > width - indent
            let pieces = tooWide ? word.split(separator: "/", omittingEmptySubsequences: false) : [word]
            for (index, piece) in pieces.enumerated() {
                place(index < pieces.count - 1 ? piece + "/" : String(piece), after: index == 0 ? gap : "")
            }
            gap = " "
        }
        return (lines + [current]).joined(separator: "\n")
    }

    /// `text` cut to `width` columns, an ellipsis for what is left out.
    public static func shortened(_ text: String, to width: Int) -> String {
        guard TextWidth.of(text) > width else { return text }
        var kept = ""
        var used = 1
        for character in text {
            used += TextWidth.width(of: character)
            guard used <= width else { break }
            kept.append(character)
        }
        while kept.last == " " || kept.last == "," { kept.removeLast() }
        return kept + "…"
    }

    /// Columns a line takes on a terminal: colour codes (`ESC [ … m`) take none.
    public static func columns(_ line: String) -> Int {
        guard line.contains("\u{1B}") else { return TextWidth.of(line) }
        var visible = ""
        var inCode = false
        for character in line {
            if character == "\u{1B}" {
                inCode = true
            } else if inCode {
                inCode = character != "m"
            } else {
                visible.append(character)
            }
        }
        return TextWidth.of(visible)
    }
}
