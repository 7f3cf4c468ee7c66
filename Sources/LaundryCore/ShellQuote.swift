import Foundation

/// Quotes a word so it can be pasted into a POSIX shell as one argument. Used in hints that tell
/// the user which command to type next.
public enum ShellQuote {
    public static func quote(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy(isSafe)
        if safe && !word.isEmpty && !word.hasPrefix("-") { return word }
        var quoted = "'"
        for character in word {
            if character == "'" { quoted += "'\\''" } else { quoted.append(character) }
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
