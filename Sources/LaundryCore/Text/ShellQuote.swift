/// Quotes a word so it pastes into a POSIX shell as one argument, for hints that name the command to type next.
public enum ShellQuote {
    /// The word quoted, a leading dash too (it reads as an option all the same: see `argument`).
    public static func quote(_ word: String) -> String { quote(word, bareDash: false) }

    /// A pet's name as a command's last argument: after `--` when it begins with a dash, which quotes do not hide from
    /// the command (`laundry wash -- '--json'`).
    public static func argument(_ name: String) -> String { name.hasPrefix("-") ? "-- " + quote(name) : quote(name) }

    /// A word of a command line as typed, an option bare (`--for`).
    public static func typed(_ word: String) -> String { quote(word, bareDash: true) }

    private static func quote(_ word: String, bareDash: Bool) -> String {
        let safe = word.unicodeScalars.allSatisfy(isSafe)
        if safe && !word.isEmpty && (bareDash || !word.hasPrefix("-")) { return word }
        // By scalar: an apostrophe with a combining mark is one Character, not "'", yet the shell reads it.
        var quoted = "'"
        for scalar in word.unicodeScalars {
            if scalar == "'" { quoted += "'\\''" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }

    private static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII first: the Unicode property tables are slow, and most names are plain ASCII.
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "-_.,:+@%/=".unicodeScalars.contains(scalar)
        }
        let properties = scalar.properties
        return (properties.isAlphabetic || properties.numericType != nil) && !properties.isWhitespace
    }
}
