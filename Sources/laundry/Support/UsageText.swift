import LaundryCore
import LaundryRendering

/// swift-argument-parser's wording of a refused value, made to read as one of laundry's lines.
enum UsageText {
    /// "The value '0s' is invalid for '--for <duration>': a duration must be …" says the value and the option around
    /// laundry's own reason, which already names the fix. It becomes "--for: a duration must be … (it is '0s')": the
    /// option, the reason, and the value when the reason does not show it. A positional argument's reason stands alone.
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

    /// swift-argument-parser's own sentences (its words are English) in the reader's words, or nil for one it does
    /// not know; the option, argument or value in it stays as typed.
    static func translated(_ brief: String) -> String? {
        if let match = brief.wholeMatch(of: /Unknown option '([^']*)'\. Did you mean '([^']*)'\?/) {
            return Words.text(
                "unknown option '{option}'; did you mean '{suggestion}'?",
                ["option": String(match.1), "suggestion": String(match.2)])
        }
        if let match = brief.wholeMatch(of: /Unknown option '([^']*)'/) {
            return Words.text("unknown option '{option}'", ["option": String(match.1)])
        }
        if let match = brief.wholeMatch(of: /Missing value for '([^']*)'/) {
            return Words.text("'{option}' needs a value", ["option": String(match.1)])
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
        if let match = brief.wholeMatch(of: /The option '([^']*)' does not take any value, but '(.*)' was specified\./)
        {
            return Words.text(
                "{option} takes no value (it was given '{value}')",
                ["option": String(match.1), "value": String(match.2)])
        }
        if let match = brief.wholeMatch(
            of: /The value '(.*)' is invalid for '([^' ]+)[^']*'(?:\. Please provide one of (.*)\.)?/)
        {
            let values = ["value": String(match.1), "option": String(match.2)]
            guard let known = match.3 else { return Words.text("{option}: '{value}' is not a valid value", values) }
            return Words.text(
                "{option}: '{value}' is not a valid value; use one of {known}",
                // "'a', 'b' or 'c'": the list without its English "or" ("and" for two).
                values.merging([
                    "known": String(known).replacing("' or '", with: "', '").replacing("' and '", with: "', '")
                ]) {
                    $1
                })
        }
        if brief == "Missing required subcommand." {
            return Words.text("a command is missing")
        }
        return nil
    }
}
