import LaundryCore

/// The words of a value typed wrong: `DurationError`, `DateInputError` and a bar template's `BarTemplate.Problem`.
extension ErrorText {
    static func durationLine(_ error: DurationError) -> String {
        let forms = "use a form like 45m, 1h30m, 90s or 1:30:00 (a bare number means minutes)"
        switch error {
        case .empty: return Words.text("the duration is empty; {forms}", ["forms": forms])
        case .malformed(let text):
            return Words.text("'{text}' is not a duration; {forms}", ["text": shown(text), "forms": forms])
        case .componentOutOfRange(let text):
            return Words.text(
                "'{text}' has minutes or seconds above 59; write 2h1m instead of 1h61m", ["text": shown(text)])
        case .tooShort, .tooLong: return Words.text("a duration must be between 1 second and 24 hours")
        }
    }

    static func dateLine(_ error: DateInputError) -> String {
        // What `--last-washed` takes is typed as written in every language: the input's words, not a sentence's.
        let typed = [
            "date": "2026-11-20", "dateTime": "2026-11-20T18:30", "today": "'today'", "yesterday": "'yesterday'",
            "daysAgo": "'3 days ago'",
        ]
        let forms = Words.text("use {date}, {dateTime}, {today}, {yesterday} or {daysAgo}", typed)
        switch error {
        case .empty: return Words.text("the date is empty; {forms}", ["forms": forms])
        case .malformed(let text):
            return Words.text("'{text}' is not a date; {forms}", ["text": shown(text), "forms": forms])
        case .inFuture(let text):
            return Words.text(
                "'{text}' is in the future; laundry can only have been washed in the past", ["text": shown(text)])
        case .tooEarly(let text):
            return Words.text(
                "'{text}' is before 1970; give a date since then, such as {date} or {daysAgo}",
                typed.merging(["text": shown(text)]) { $1 })
        }
    }

    static func templateLine(_ problem: BarTemplate.Problem) -> String {
        let known = BarField.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ")
        switch problem {
        case .unknownField(let name):
            return Words.text(
                "--template has no field {{{name}}}; use any of {known}", ["name": shown(name), "known": known])
        case .unclosedBrace:
            return Words.text("--template has a '{' without its '}'; write fields as {name}, and a literal brace as {{")
        case .strayClosingBrace:
            return Words.text("--template has a '}' without its '{'; write a literal brace as }}")
        }
    }
}
