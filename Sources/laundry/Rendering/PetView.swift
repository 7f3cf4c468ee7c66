import Foundation
import LaundryCore

/// A pet as it looks at one moment: everything the table, the card, `watch` and `--json` show,
/// computed once from the pet, its timer and the time.
struct PetView {
    let state: PetState
    let kind: Kind
    let now: Date

    var pet: Pet { state.pet }
    var name: String { TerminalText.sanitize(pet.name) }
    var health: Int { pet.health(at: now) }
    var mood: Mood { pet.mood(at: now) }
    var timer: LaundryTimer? { state.liveTimer }
    var remaining: Double? { timer?.remaining(at: now) }
    var isOverdue: Bool { now >= pet.dueDate() }

    /// "in 3d 4h" or "overdue".
    var dueText: String {
        isOverdue ? "overdue" : "in " + DurationText.rough(pet.dueDate().timeIntervalSince(now).rounded(.up))
    }

    /// The stage in a word or two, for tables.
    var stageText: String {
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

    /// "▰▰▰▱▱▱▱▱▱▱ 12:04", "paused 12:04", "done", or "—".
    func timeLeftText() -> String {
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
    var personalityLine: String? {
        guard let lines = kind.personality[mood.rawValue], !lines.isEmpty else { return nil }
        let day = Int(now.timeIntervalSince1970 / 86_400)
        let seed = pet.id.uuid.0 &+ pet.id.uuid.1
        return lines[(Int(seed) + day) % lines.count].replacingOccurrences(of: "{name}", with: name)
    }
}
