/// Quotes a word so it pastes into a POSIX shell as one argument, for hints that name the command to type next.
public enum ShellQuote {
    public static func quote(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy(isSafe)
        if safe && !word.isEmpty && !word.hasPrefix("-") { return word }
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
