import Foundation

/// Quotes a word so it can be pasted into a POSIX shell as one argument. Used in hints that tell
/// the user which command to type next.
public enum ShellQuote {
    public static func quote(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic || $0.properties.numericType != nil || "-_.,:+@%/=".unicodeScalars.contains($0))
                && !$0.properties.isWhitespace
        }
        if safe && !word.isEmpty && !word.hasPrefix("-") { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
