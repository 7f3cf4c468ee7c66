import LaundryCore

/// The commands laundry tells people to type, quoted so they can be pasted into a shell.
public enum TypedCommand {
    /// `laundry dry 'Bed sheets'`, `laundry wash -- '--json'`
    public static func typed(_ move: Move, _ petName: String) -> String {
        "laundry \(move.rawValue) \(ShellQuote.argument(petName))"
    }
}
