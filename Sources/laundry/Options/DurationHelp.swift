import LaundryCore

/// The duration grammar as every option that takes a length says it in its help (and so the manual page), and the
/// root command's discussion too: the same words each time. Its examples are `DurationForms`, as the refusal of a
/// length typed wrong shows them. README's "Durations" says it in full, with how laundry prints lengths.
enum DurationHelp {
    static let forms =
        "\(DurationForms.units), \(DurationForms.clock) or \(DurationForms.hoursAndMinutes) "
        + "(hours first: an hour and a half); a bare number is minutes; 1 second to 24 hours"
}
