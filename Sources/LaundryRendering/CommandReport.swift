import FoundationEssentials
import LaundryCore

/// What a command prints once it has done its work: one or two lines a person reads.
public enum CommandReport {
    /// After a move of the cycle: what happened and what comes next.
    public static func moved(_ action: PetAction, _ state: PetState, now: Date) -> [String] {
        let pet = state.pet
        let name = TerminalText.sanitize(pet.name)
        switch action {
        case .wash: return started(state, verb: "Washing", now: now)
        case .dry: return started(state, verb: "Drying", now: now)
        case .moreDry: return started(state, verb: "Drying a bit more:", now: now)
        case .fold:
            return [
                "🧺 Folded \(name)! Health \(pet.health(at: now))%, streak \(pet.currentStreak), "
                    + "\(Plural.count(pet.totalCycles, "load")) in all."
            ]
        case .cancel:
            return ["Cancelled. \(name) is \(pet.stage.rawValue) again (\(pet.stage.statusText))."]
        case .pause:
            let left = state.liveTimer.map { DurationText.countdown($0.remaining(at: now)) } ?? "?"
            return ["⏸ Paused \(name) with \(left) left. Resume with: \(TypedCommand.typed(.resume, pet.name))"]
        case .resume:
            guard let timer = state.liveTimer else { return [] }
            return [
                "▶ Resumed \(name): \(DurationText.countdown(timer.remaining(at: now))) left, "
                    + "done at \(LocalTime.clock(timer.endsAt, now: now))."
            ]
        case .snooze:
            guard let until = pet.snoozedUntil else { return [] }
            return ["💤 Snoozed \(name)'s reminders until \(LocalTime.clock(until, now: now))."]
        }
    }

    private static func started(_ state: PetState, verb: String, now: Date) -> [String] {
        guard let timer = state.liveTimer else { return [] }
        let length = DurationText.compact(seconds: Int(timer.plannedSeconds.rounded()))
        let icon = timer.kind.icon
        let name = TerminalText.sanitize(state.pet.name)
        return ["\(icon) \(verb) \(name) for \(length), done at \(LocalTime.clock(timer.endsAt, now: now))."]
    }

    public static func adopted(_ pet: Pet, kind: Kind, now: Date) -> [String] {
        [
            "\(kind.emoji) Adopted \(TerminalText.sanitize(pet.name)) (\(kind.id)): \(settings(pet)). "
                + "Health \(pet.health(at: now))%.",
            "Start its wash with: \(TypedCommand.typed(.wash, pet.name))",
        ]
    }

    public static func updated(_ pet: Pet, now: Date) -> [String] {
        ["Updated \(TerminalText.sanitize(pet.name)): \(pet.kind), \(settings(pet)). Health \(pet.health(at: now))%."]
    }

    private static func settings(_ pet: Pet) -> String {
        "wash \(pet.washDuration), dry \(pet.dryDuration), every \(CycleDays.format(pet.cycleDays))"
    }

    public static func released(_ pet: Pet) -> String { "👋 Released \(TerminalText.sanitize(pet.name))." }

    public static func releaseQuestion(_ pet: Pet) -> String {
        "Release \(TerminalText.sanitize(pet.name))? It leaves every machine's list and its timer stops. [y/N] "
    }

    public static func kept(_ pet: Pet) -> String { "Kept \(TerminalText.sanitize(pet.name))." }

    public static let noPets = "No pets yet. Adopt one with: laundry adopt <name>"
}
