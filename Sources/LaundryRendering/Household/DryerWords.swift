import FoundationEssentials
import LaundryCore

/// What people read about the household's dryer while a wet load waits for it.
public enum DryerWords {
    /// "The dryer is busy until 14:32." (the time as every clock time is shown), or that its load is paused.
    public static func busy(_ busy: Dryer.Busy, zone: LocalZone = .current) -> String {
        guard let until = busy.until else { return Words.text("The dryer is busy; its load is paused.") }
        return Words.text("The dryer is busy until {time}.", ["time": LocalTime.clock(until, now: busy.at, zone: zone)])
    }

    /// A table's cell beside "done": "waits for the dryer until 14:32", or "waits for the dryer (paused)".
    public static func waiting(_ busy: Dryer.Busy, zone: LocalZone = .current) -> String {
        guard let until = busy.until else { return Words.text("waits for the dryer (paused)") }
        return Words.text(
            "waits for the dryer until {time}", ["time": LocalTime.clock(until, now: busy.at, zone: zone)])
    }
}
