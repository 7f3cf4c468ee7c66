/// Mends completion requests (`laundry ---completion <command> -- <argument> <word index> <cursor index> <words…>`):
/// fish 3's `commandline -o -tC` gives an empty cursor index (Debian 12 ships 3.6), so a non-number there means the
/// cursor ends the current word; fish 3 also passes its `''` for an empty word (raw in fish 4) as is: read as empty.
enum CompletionRequestRepair {
    static func repaired(_ arguments: [String]) -> [String] {
        guard arguments.first == "---completion", let separator = arguments.firstIndex(of: "--") else {
            return arguments
        }
        let wordIndexPosition = separator + 2
        let cursorPosition = separator + 3
        guard cursorPosition < arguments.count, let wordIndex = Int(arguments[wordIndexPosition]),
            (0..<arguments.count).contains(wordIndex)
        else { return arguments }
        if Int(arguments[cursorPosition]) != nil && arguments.count > cursorPosition + wordIndex { return arguments }
        var words = Array(arguments[cursorPosition...])
        if wordIndex < words.count && words[wordIndex] == "''" { words[wordIndex] = "" }
        let currentWord = wordIndex < words.count ? words[wordIndex] : ""
        return Array(arguments[..<cursorPosition]) + [String(currentWord.count)] + words
    }
}
