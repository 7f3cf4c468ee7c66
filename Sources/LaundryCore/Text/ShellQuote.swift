import FoundationEssentials

/// Quotes a word so it can be pasted into a POSIX shell as one argument. Used in hints that tell
/// the user which command to type next.
public enum ShellQuote {
    public static func quote(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy(isSafe)
        if safe && !word.isEmpty && !word.hasPrefix("-") { return word }
        // By scalar, not by Character: an apostrophe with a combining mark on it is one Character
        // that is not equal to "'", yet the shell still reads its apostrophe.
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
