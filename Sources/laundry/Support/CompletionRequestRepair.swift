/// Mends what shell completion scripts pass back: `laundry ---completion <command> -- <argument> <word index> <cursor
/// index> <words…>`. fish's script gets the cursor index from `commandline -o -tC`, empty in fish 3 (Debian 12 ships
/// 3.6): if the word after the word index is not a number, the cursor is at the end of the current word (where Tab is
/// pressed). Its `''` for an empty word (a raw token for fish 4) arrives literally with fish 3 and is read as empty.
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
