import LaundryCore

/// Makes text from files safe to print: a name edited by hand to hold an escape sequence or a
/// newline must not move the cursor or break a table (`UnsafeText` decides what is unsafe).
public enum TerminalText {
    public static func sanitize(_ text: String) -> String { UnsafeText.displayable(text) }
}
