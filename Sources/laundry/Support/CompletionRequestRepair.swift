/// Mends the arguments that shell completion scripts pass back to `laundry ---completion`.
///
/// The generated scripts call `laundry ---completion <command> -- <argument> <word index>
/// <cursor index> <words…>`. The fish script asks fish for the cursor index with
/// `commandline -o -tC`, which prints nothing in fish 3 (Debian 12 ships 3.6), so the index is
/// missing and the request cannot be parsed. When the word after the word index is not a number,
/// the cursor is taken to be at the end of the current word, which is where Tab is pressed. The
/// same script stands for an empty current word with the two characters `''` (meant as a raw,
/// quoted token for fish 4); with fish 3 it arrives literally and is read as empty.
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
