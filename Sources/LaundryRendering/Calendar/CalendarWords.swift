import FoundationEssentials
import LaundryCore

/// A load as its calendar entry says it, in the daemon's language: "Move Socks to the dryer", "Fold Socks".
public enum CalendarWords {
    /// What the entry is while the load runs, is paused, or was dealt with (`acknowledged`).
    public static func entry(for load: Load, petName: String, at now: Date, acknowledged: Bool = false)
        -> CalendarEntry
    {
        let name = UnsafeText.displayable(petName)
        let summary =
            load.kind == .wash
            ? Words.text("Move {name} to the dryer", ["name": name]) : Words.text("Fold {name}", ["name": name])
        let end = load.pausedRemaining.map { now.addingTimeInterval($0) } ?? load.endsAt
        let description: String
        if acknowledged {
            description = Words.text("Done.")
        } else if load.isPaused {
            description = Words.text("Paused. It goes on when you resume it.")
        } else {
            description = Words.text("laundry rings when it is done.")
        }
        return CalendarEntry(
            uid: load.id.lowercasedText, summary: summary, description: description, start: load.startedAt, end: end,
            alarm: !acknowledged && !load.isPaused, completedAt: acknowledged ? now : nil)
    }
}
