import LaundryCore

/// The settings in effect, in one line, for the daemon's log and `laundry doctor`.
public enum ConfigSummary {
    public static func line(_ config: DaemonConfig) -> String {
        var parts = ["reminders every \(NumberText.plain(config.nagIntervalMinutes)) min, at most \(config.nagLimit)"]
        parts.append("notifications \(config.notifications ? "on" : "off")")
        if config.sound {
            parts.append(
                "sound on (alarm every \(NumberText.plain(config.alarmRepeatSeconds)) s "
                    + "for up to \(NumberText.plain(config.alarmMinutes)) min)")
        } else {
            parts.append("sound off")
        }
        parts.append(
            config.headsUpMinutes > 0 ? "heads-up \(NumberText.plain(config.headsUpMinutes)) min before" : "no heads-up"
        )
        if let quiet = config.quietHours { parts.append("quiet hours \(quiet)") }
        if let hook = config.hook { parts.append("hook \(ShellQuote.quote(hook[0]))") }
        if let clock = config.clock { parts.append("\(clock.rawValue) clock") }
        if !config.keepAwake { parts.append("this computer may suspend while loads run (keepAwake off)") }
        return parts.joined(separator: "; ")
    }
}
