import LaundryCore

/// Text from files made safe to print: no escape or newline in a hand-edited name moves the cursor or breaks a table.
public enum TerminalText {
    public static func sanitize(_ text: String) -> String { UnsafeText.displayable(text) }
}
