import LaundryCore
import LaundryRendering

/// swift-argument-parser's wording of a refused value, made to read as one of laundry's lines.
enum UsageText {
    /// "The value '0s' is invalid for '--for <duration>': a duration must be …" says the value and the option around
    /// laundry's own reason, which already names the fix. It becomes "--for: a duration must be … (it is '0s')": the
    /// option, the reason, and the value when the reason does not show it. A positional argument's reason stands alone.
    static func reworded(_ brief: String) -> String {
        guard let match = brief.wholeMatch(of: /The value '(.*)' is invalid for '([^' ]+)[^']*': (.+)/) else {
            return brief
        }
        let (value, option, reason) = (String(match.1), String(match.2), String(match.3))
        let showsValue =
            reason.contains(value) || reason.contains(UnsafeText.escaped(value)) || reason.contains("(it is ")
        let shown = showsValue ? "" : " " + Words.text("(it is '{value}')", ["value": value])
        if option.hasPrefix("<") || reason.hasPrefix(option) { return reason + shown }
        return "\(option): \(reason)\(shown)"
    }
}
