extension String {
    /// The text without `blank` characters at its ends (`leading: false`: only at its end).
    public func trimming(_ blank: (Character) -> Bool = \.isWhitespace, leading: Bool = true) -> String {
        var text = Substring(self)
        while leading, let first = text.first, blank(first) { text.removeFirst() }
        while let last = text.last, blank(last) { text.removeLast() }
        return String(text)
    }
}

extension Character {
    /// A space or a tab, not a line break: what a person types between words on one line.
    public var isSpaceOrTab: Bool {
        self == "\t" || unicodeScalars.first?.properties.generalCategory == .spaceSeparator
    }
}
