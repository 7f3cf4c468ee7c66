/// The duration grammar's forms as typed, one example of each: `--for`'s help, the root command's discussion and the
/// refusal of a length typed wrong all show these, so none leaves one out (`1:30`, hours first, was). Typed the same
/// in every language; `DurationParser` reads them.
public enum DurationForms {
    /// With units: minutes, hours and minutes, seconds.
    public static let units = "45m, 1h30m, 90s"
    /// A clock with seconds: h:mm:ss.
    public static let clock = "1:30:00"
    /// A clock without: h:mm, hours first (an hour and a half, not a minute and a half).
    public static let hoursAndMinutes = "1:30"
}
