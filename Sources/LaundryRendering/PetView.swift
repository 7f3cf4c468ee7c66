import FoundationEssentials
import LaundryCore

/// A pet as it looks at one moment: everything the table, the card, `watch` and `--json` show,
/// computed once from the pet, its timer and the time.
public struct PetView {
    public let state: PetState
    public let kind: Kind
    public let now: Date

    public init(state: PetState, kind: Kind, now: Date) {
        self.state = state
        self.kind = kind
        self.now = now
    }

    public var pet: Pet { state.pet }
    public var name: String { TerminalText.sanitize(pet.name) }
    public var health: Int { pet.health(at: now) }
    public var mood: Mood { pet.mood(at: now) }
    public var timer: LaundryTimer? { state.liveTimer }
    public var remaining: Double? { timer?.remaining(at: now) }
    public var isOverdue: Bool { now >= pet.dueDate() }
    /// Until when its reminders and warnings are held back (`laundry snooze`); nil once that is past.
    public var snoozedUntil: Date? { pet.snoozedUntil.flatMap { $0 > now ? $0 : nil } }

    /// "in 3d 4h" or "overdue".
    public var dueText: String {
        isOverdue ? "overdue" : "in " + DurationText.rough(pet.dueDate().timeIntervalSince(now).rounded(.up))
    }

    /// The stage in a word or two, for tables.
    public var stageText: String {
        switch pet.stage {
        case .idle: return "idle"
        case .washing: return timer?.isPaused == true ? "washing ⏸" : "washing"
        case .washed: return "washed"
        case .drying:
            let extra = timer?.kind == .extraDry ? "extra-drying" : "drying"
            return timer?.isPaused == true ? "\(extra) ⏸" : extra
        case .dried: return "dried"
        }
    }

    /// "▰▰▰▱▱▱▱▱▱▱ 12:04", "paused 12:04", "done", or "—"; while a snooze holds, ", snoozed until
    /// 14:50" after it (or instead of "—").
    public func timeLeftText() -> String {
        let text = timeLeftWithoutSnooze()
        guard let snoozedUntil else { return text }
        let snooze = "snoozed until \(LocalTime.clock(snoozedUntil, now: now))"
        return text == "—" ? snooze : "\(text), \(snooze)"
    }

    private func timeLeftWithoutSnooze() -> String {
        if let timer {
            let countdown = DurationText.countdown(timer.remaining(at: now))
            return timer.isPaused ? "⏸ \(countdown) paused" : "\(Bars.progress(timer.progress(at: now))) \(countdown)"
        }
        switch pet.stage {
        case .washed, .dried: return "done"
        case .washing, .drying: return "timer lost (laundry cancel)"
        case .idle: return "—"
        }
    }

    /// A line the pet says about itself, stable for a day so it does not flicker between calls.
    public var personalityLine: String? {
        guard let lines = kind.personality[mood.rawValue], !lines.isEmpty else { return nil }
        let day = Int(now.timeIntervalSince1970 / 86_400)
        let seed = pet.id.uuid.0 &+ pet.id.uuid.1
        return lines[(Int(seed) + day) % lines.count].replacing("{name}", with: name)
    }
}
