import FoundationEssentials
import LaundryCore

/// A pet at one moment: all that the table, the card, `watch` and `--json` show, computed once.
public struct PetView {
    public let state: PetState
    public let kind: Kind
    public let now: Date
    /// The load its cycle is on, as `loads` names it (`Laundry.loadID(ofRun:)`); nil when idle, or not looked up.
    public var loadID: UUID?

    /// `kinds`: where the pet's kind is looked up (a kind no catalogue knows gets a plain one).
    public init(state: PetState, kinds: KindCatalog, now: Date) {
        self.state = state
        kind = kinds.kindOrFallback(state.pet.identity.kind)
        self.now = now
    }

    public var pet: Pet { state.pet }
    public var name: String { TerminalText.sanitize(pet.identity.name) }
    public var health: Int { pet.health(at: now) }
    public var mood: Mood { pet.mood(at: now) }
    public var load: Load? { state.liveLoad }
    public var remaining: Double? { load?.remaining(at: now) }
    public var isOverdue: Bool { now >= pet.dueDate() }
    /// Another pet's load in the household's dryer while this one waits washed (`Dryer.wait(for:)`): its reminders
    /// wait for the dryer to free up.
    public var dryerBusy: Dryer.Busy?
    /// Until when its reminders and warnings are held back (`laundry snooze`); nil once that is past.
    public var snoozedUntil: Date? { pet.reminders.snoozedUntil.flatMap { $0 > now ? $0 : nil } }

    /// "in 3d 4h" or "overdue".
    public var dueText: String {
        isOverdue
            ? Words.text("overdue")
            : Words.text("in {span}", ["span": DurationText.rough(pet.dueDate().timeIntervalSince(now).rounded(.up))])
    }

    /// The stage in a word or two, for tables; a pause is the time left's to show (`⏸ 12:04 paused`), once.
    public var stageText: String {
        switch pet.cycle.stage {
        case .idle: return Words.text("idle")
        case .washing: return Words.text("washing")
        case .washed: return Words.text("washed")
        case .drying: return load?.kind == .extraDry ? Words.text("extra-drying") : Words.text("drying")
        case .dried: return Words.text("dried")
        }
    }

    /// "▰▰▰▱▱▱▱▱▱▱ 12m4s", "⏸ 12m4s paused", "done", or "—"; while a snooze holds,
    /// ", snoozed until 14:50" after it (or instead of "—"). A table's cell: the time left is a length
    /// (`DurationText`), not a clock.
    public func timeLeftText() -> String {
        let text = timeLeftWithoutSnooze()
        guard let snoozedUntil else { return text }
        let snooze = Words.text("snoozed until {until}", ["until": LocalTime.clock(snoozedUntil, now: now)])
        return text == "—" ? snooze : "\(text), \(snooze)"
    }

    private func timeLeftWithoutSnooze() -> String {
        if let load = load {
            let left = DurationText.left(load.remaining(at: now))
            return load.isPaused
                ? Words.text("⏸ {left} paused", ["left": left])
                : "\(GrowthGlyph.of(load, at: now)) \(Bars.progress(load.progress(at: now))) \(left)"
        }
        switch pet.cycle.stage {
        case .washed, .dried:
            guard let dryerBusy else { return Words.text("done") }
            return Words.text("done") + ", " + DryerWords.waiting(dryerBusy)
        case .washing, .drying:
            return Words.text("timer lost ({command})", ["command": TypedCommand.typed(.cancel, pet.identity.name)])
        case .idle: return "—"
        }
    }

    /// A line the pet says about itself, stable for a day so it does not flicker between calls.
    public var personalityLine: String? {
        guard let lines = kind.personality[mood.rawValue], !lines.isEmpty else { return nil }
        let day = Int(now.timeIntervalSince1970 / 86_400)
        let seed = pet.id.uuid.0 &+ pet.id.uuid.1
        return Words.text(lines[(Int(seed) + day) % lines.count], ["name": name])
    }
}
