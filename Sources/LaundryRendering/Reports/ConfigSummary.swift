import LaundryCore

/// The settings in effect, in one line, for the daemon's log and `laundry doctor`, in the reader's words.
public enum ConfigSummary {
    public static func line(_ config: DaemonConfig) -> String {
        var parts = [
            Words.text(
                "reminders every {minutes} min, at most {count}",
                ["minutes": Numbers.plain(config.nagIntervalMinutes), "count": Numbers.integer(config.nagLimit)]),
            config.notifications ? Words.text("notifications on") : Words.text("notifications off"),
            config.sound
                ? Words.text(
                    "sound on (alarm every {seconds} s for up to {minutes} min)",
                    [
                        "seconds": Numbers.plain(config.alarmRepeatSeconds),
                        "minutes": Numbers.plain(config.alarmMinutes),
                    ]) : Words.text("sound off"),
            config.headsUpMinutes > 0
                ? Words.text("heads-up {minutes} min before", ["minutes": Numbers.plain(config.headsUpMinutes)])
                : Words.text("no heads-up"),
        ]
        if let quiet = config.quietHours { parts.append(Words.text("quiet hours {hours}", ["hours": "\(quiet)"])) }
        if let hook = config.hook { parts.append(Words.text("hook {program}", ["program": ShellQuote.quote(hook[0])])) }
        if let clock = config.clock { parts.append(Words.text("{clock} clock", ["clock": clock.rawValue])) }
        if !config.liveCard { parts.append(Words.text("no live cards for running loads (liveCard off)")) }
        if !config.keepAwake { parts.append(Words.text("this computer may suspend while loads run (keepAwake off)")) }
        return parts.joined(separator: "; ")
    }
}
