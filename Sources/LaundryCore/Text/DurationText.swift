/// How laundry shows a length. Two forms, by where it stands:
///
/// - **In a sentence or a table** (a command's report, an error, the status table and card, `history`, `loads`,
///   `stats`, `daemon status`, popups, a status bar's tooltip): `length` and `left` (`1h2m3s`, `44m59s`, `1h`, `59s`),
///   or `rough` where the minute is enough (`5h10m`, `12m`, `3d4h`). Typed back into `--for`, each means the same
///   length to the precision shown, or is refused (`3d4h`: no day unit), never another length; with no space in it,
///   it pastes unquoted. A length to type in a hint is `length` too. `DurationTextTests` reads back every second.
/// - **Where it ticks as a clock does** (`laundry watch`, a status bar's `{left}` and its text): `clock`, `4:05` or
///   `1:02:03`. `--for 4:05` is 4 h 5 min (h:mm), so the clock face stays out of sentences and tables.
public enum DurationText {
    /// Within 0 … 1,000 years, so no value read from a file can overflow a conversion to Int.
    static func clamped(_ interval: Double) -> Double {
        interval.isFinite ? min(max(0, interval), 31_557_600_000) : 0
    }

    /// A length, to the second: `1h30m`, `45m`, `1m30s`, `1h2m3s`, `20s`.
    public static func length(seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let secs = seconds % 60
        var text = ""
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if secs > 0 || text.isEmpty { text += "\(secs)s" }
        return text
    }

    /// `length(seconds:)` of a span read from a file, whatever it holds, to the nearest second.
    public static func length(_ interval: Double) -> String { length(seconds: Int(clamped(interval).rounded())) }

    /// What is left of a load as a length: rounded up, so it shows `1s` until the load has truly ended.
    public static func left(_ interval: Double) -> String { length(seconds: Int(clamped(interval).rounded(.up))) }

    /// A ticking countdown's clock face: `4:05`, `1:02:03`. Rounds up, so a timer shows `0:01` until it has truly
    /// ended. Only where it ticks (see above): in a sentence `4:05` would read back as 4 h 5 min.
    public static func clock(_ interval: Double) -> String {
        let total = Int(clamped(interval).rounded(.up))
        let hours = total / 3600
        let minutes = total % 3600 / 60
        let seconds = total % 60
        let (mm, ss) = (DigitText.padded(minutes, 2), DigitText.padded(seconds, 2))
        return hours > 0 ? "\(hours):\(mm):\(ss)" : "\(minutes):\(ss)"
    }

    /// A rough length for "due in", "ago" and waits, its two largest units with the rest cut off: `3d4h`, `5h10m`,
    /// `12m`, `40s`.
    public static func rough(_ interval: Double) -> String {
        let total = Int(clamped(interval))
        let days = total / 86_400
        let hours = total % 86_400 / 3600
        let minutes = total % 3600 / 60
        if days > 0 { return hours > 0 ? "\(days)d\(hours)h" : "\(days)d" }
        if hours > 0 { return minutes > 0 ? "\(hours)h\(minutes)m" : "\(hours)h" }
        if minutes > 0 { return "\(minutes)m" }
        return "\(total)s"
    }
}
