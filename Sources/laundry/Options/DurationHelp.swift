/// The duration grammar as every option that takes a length says it in its help (and so the manual page): the same
/// words each time. `DurationParser` reads it; README's "Durations" says it in full, with how laundry prints lengths.
enum DurationHelp {
    static let forms =
        "45m, 1h30m, 90s, 1:30:00 or 1:30 (hours first: an hour and a half); a bare number is minutes; "
        + "1 second to 24 hours"
}
