import FoundationEssentials
import LaundryCore

/// A running load's live card: one silent notification per load, redrawn only when its minute left or the load changes.
public enum LiveCard {
    /// The card's buttons, in the order they are shown (pause or resume, as the load is).
    public static let buttonKeys: [ButtonKey] = [.extend, .pause, .resume, .finish]

    /// The card for `timer`, a load running or paused. Its words change as the minute left ticks over.
    public static func content(
        for timer: Load, petName: String, at now: Date, zone: LocalZone, buttons: Bool
    ) -> NotificationContent {
        let left = DurationText.rough(Double(minutesLeft(of: timer, at: now) * 60))
        let values = ["icon": timer.kind.icon, "name": UnsafeText.displayable(petName), "left": left]
        let summary = Words.text("{icon} {name}: {left} left", values)
        let body: String
        if timer.isPaused {
            body = Words.text("Paused. It goes on when you resume it.")
        } else {
            let ends = LocalTime.clock(timer.endsAt, now: now, zone: zone)
            body = TextTemplate.fill(Words.text("Done at {ends}."), ["ends": ends])
        }
        let labels: [ButtonKey: String] = [
            .extend: Words.text("+10 min"), .pause: Words.text("Pause"), .resume: Words.text("Resume"),
            .finish: Words.text("Finished"),
        ]
        let actions = buttonKeys.filter { $0 != (timer.isPaused ? .pause : .resume) }.map {
            NotificationContent.Action(key: $0.rawValue, label: labels[$0] ?? $0.rawValue)
        }
        return NotificationContent(
            petID: timer.petID, summary: summary, body: body, actions: buttons ? actions : [], urgency: .low,
            category: "x-laundry.running", loadID: timer.id, reason: nil, isLiveCard: true,
            percentDone: Int((timer.progress(at: now) * 100).rounded(.down)))
    }

    /// Whole minutes left, rounded up: "1m left" until the very end.
    static func minutesLeft(of timer: Load, at now: Date) -> Int {
        max(1, Int((timer.remaining(at: now) / 60).rounded(.up)))
    }
}
