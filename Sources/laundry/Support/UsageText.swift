import LaundryCore
import LaundryRendering

/// swift-argument-parser's wording of a refused command line, made to read as one of laundry's lines, in the
/// person's language: the parser writes English of its own, so each of its messages a person can meet is
/// recognised here and said again through the catalogue.
enum UsageText {
    /// "The value '0s' is invalid for '--for <duration>': a duration must be …" says the value and the option around
    /// laundry's own reason, which already names the fix. It becomes "--for: a duration must be … (it is '0s')": the
    /// option, the reason, and the value when the reason does not show it. A positional argument's reason stands alone.
    /// The parser's other messages (an unknown option, a missing argument…) become the catalogue's.
    static func reworded(_ brief: String) -> String {
        guard let match = brief.wholeMatch(of: /The value '(.*)' is invalid for '([^' ]+)[^']*': (.+)/) else {
            return translated(brief) ?? brief
        }
        let (value, option, reason) = (String(match.1), String(match.2), String(match.3))
        let showsValue =
            reason.contains(value) || reason.contains(UnsafeText.escaped(value)) || reason.contains("(it is ")
        let shown = showsValue ? "" : " " + Words.text("(it is '{value}')", ["value": value])
        if option.hasPrefix("<") || reason.hasPrefix(option) { return reason + shown }
        return "\(option): \(reason)\(shown)"
    }

    /// The parser's own message in the person's words, or nil for one laundry does not know (said as it is).
    private static func translated(_ brief: String) -> String? {
        if let match = brief.wholeMatch(of: /Unknown option '([^']*)'. Did you mean '([^']*)'\?/) {
            return Words.text(
                "unknown option '{option}'; did you mean '{suggestion}'?",
                ["option": String(match.1), "suggestion": String(match.2)])
        }
        if let match = brief.wholeMatch(of: /Unknown option '([^']*)'/) {
            return Words.text("unknown option '{option}'", ["option": String(match.1)])
        }
        if let match = brief.wholeMatch(of: /Invalid option: (.*)/) {
            return Words.text("unknown option '{option}'", ["option": String(match.1)])
        }
        if let match = brief.wholeMatch(of: /Missing value for '([^']*)'/) {
            return Words.text("'{option}' needs a value after it", ["option": String(match.1)])
        }
        if let match = brief.wholeMatch(of: /The option '([^']*)' does not take any value, but '(.*)' was specified./) {
            return Words.text(
                "'{option}' takes no value, but '{value}' was given",
                ["option": String(match.1), "value": String(match.2)])
        }
        if let match = brief.wholeMatch(of: /Unexpected argument '(.*)'/) {
            return Words.text("unexpected argument '{argument}'", ["argument": String(match.1)])
        }
        if let match = brief.wholeMatch(of: /(\d+) unexpected arguments: (.*)/), let count = Int(match.1) {
            return Words.count(
                count, "{count} unexpected argument: {arguments}", "{count} unexpected arguments: {arguments}",
                ["arguments": String(match.2)])
        }
        if let match = brief.wholeMatch(of: /Missing expected argument '([^']*)'/) {
            return Words.text("missing argument '{argument}'", ["argument": String(match.1)])
        }
        if let match = brief.wholeMatch(of: /Missing one of: (.*)/) {
            return Words.text("missing one of: {arguments}", ["arguments": String(match.1)])
        }
        if brief == "Missing required subcommand." {
            return Words.text("a subcommand is missing")
        }
        return nil
    }
}
