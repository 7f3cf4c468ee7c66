import LaundryCore

/// The words of a value typed wrong: `DurationError`, `DateInputError` and a bar template's `BarTemplate.Problem`.
extension ErrorText {
    static func durationLine(_ error: DurationError) -> String {
        let forms = Words.text(
            "use a form like {units}, {clock} or {hoursAndMinutes} (hours first: an hour and a half; "
                + "a bare number means minutes)",
            [
                "units": DurationForms.units, "clock": DurationForms.clock,
                "hoursAndMinutes": DurationForms.hoursAndMinutes,
            ])
        switch error {
        case .empty: return Words.text("the duration is empty; {forms}", ["forms": forms])
        case .malformed(let text):
            return Words.text("'{text}' is not a duration; {forms}", ["text": shown(text), "forms": forms])
        case .componentOutOfRange(let text, let overflow): return overflowLine(shown(text), overflow)
        case .tooShort, .tooLong: return Words.text("a duration must be between 1 second and 24 hours")
        }
    }

    /// Worked out from what was typed: `'1:99': minutes must be below 60; for 2 h 39 min type 2:39 or 2h39m`.
    private static func overflowLine(_ text: String, _ overflow: DurationOverflow) -> String {
        let rule =
            overflow.minutes && overflow.seconds
            ? Words.text("minutes and seconds must be below 60")
            : overflow.minutes ? Words.text("minutes must be below 60") : Words.text("seconds must be below 60")
        let total = overflow.totalSeconds
        let spoken = spokenLength(total)
        guard total <= LaundryDuration.maximumSeconds else {
            return Words.text(
                "'{text}': {rule}, and {length} is longer than 24 hours, the longest a duration can be",
                ["text": text, "rule": rule, "length": spoken])
        }
        let units = DurationText.length(seconds: total)
        let clock = clockForm(total)
        let (first, second) = overflow.clockForm ? (clock, units) : (units, clock)
        return Words.text(
            "'{text}': {rule}; for {length} type {first} or {second}",
            ["text": text, "rule": rule, "length": spoken, "first": first, "second": second])
    }

    /// `2 h 39 min`, `2 min 15 s`: a length read aloud, in the reader's units (not for typing).
    private static func spokenLength(_ seconds: Int) -> String {
        let parts = [
            seconds >= 3600 ? Words.text("{hours} h", ["hours": String(seconds / 3600)]) : nil,
            seconds % 3600 >= 60 ? Words.text("{minutes} min", ["minutes": String(seconds % 3600 / 60)]) : nil,
            seconds % 60 > 0 ? Words.text("{seconds} s", ["seconds": String(seconds % 60)]) : nil,
        ]
        return parts.compactMap { $0 }.joined(separator: " ")
    }

    /// The clock form `--for` reads, hours first: `2:39` (h:mm), or `0:02:15` (h:mm:ss) when there are seconds.
    private static func clockForm(_ seconds: Int) -> String {
        let hoursAndMinutes = "\(seconds / 3600):\(DigitText.padded(seconds % 3600 / 60, 2))"
        return seconds % 60 == 0 ? hoursAndMinutes : hoursAndMinutes + ":" + DigitText.padded(seconds % 60, 2)
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
