import FoundationEssentials
import LaundryCore

/// What a command prints once it has done its work: one or two lines a person reads.
public enum CommandReport {
    /// Where a length came from: "45m, learned from your last 5 washes", or "… on 'eco'" for a programme's.
    public static func learned(_ learned: LearnedLength, washes: Bool, programme: String? = nil) -> String {
        let length = DurationText.length(learned.seconds)
        if let programme {
            let runs =
                washes
                ? Words.count(learned.runs, "{count} wash", "{count} washes")
                : Words.count(learned.runs, "{count} dryer run", "{count} dryer runs")
            return Words.text(
                "{length}, learned from your last {runs} on '{programme}'",
                ["length": length, "runs": runs, "programme": TerminalText.sanitize(programme)])
        }
        return washes
            ? Words.text(
                "{length}, learned from your last {washes}",
                ["length": length, "washes": Words.count(learned.runs, "{count} wash", "{count} washes")])
            : Words.text(
                "{length}, learned from your last {runs}",
                ["length": length, "runs": Words.count(learned.runs, "{count} dryer run", "{count} dryer runs")])
    }

    public static func moved(_ action: PetAction, _ state: PetState, now: Date) -> [String] {
        let pet = state.pet
        let name = TerminalText.sanitize(pet.identity.name)
        switch action {
        case .wash:
            return started(state, now: now) { Words.text("{icon} Washing {name} for {length}, done at {ends}.", $0) }
        case .dry:
            return started(state, now: now) { Words.text("{icon} Drying {name} for {length}, done at {ends}.", $0) }
        case .moreDry:
            return started(state, now: now) {
                Words.text("{icon} Drying a bit more: {name} for {length}, done at {ends}.", $0)
            }
        case .fold:
            return [
                Words.text(
                    "🧺 Folded {name}! Health {health}%, streak {streak}, {loads} in all.",
                    [
                        "name": name, "health": String(pet.health(at: now)), "streak": String(pet.cycle.currentStreak),
                        "loads": Words.count(pet.cycle.totalCycles, "{count} load", "{count} loads"),
                    ])
            ]
        case .cancel:
            return [
                Words.text(
                    "Cancelled. {name} is {stage} again ({status}).",
                    ["name": name, "stage": pet.cycle.stage.predicate, "status": pet.cycle.stage.statusText])
            ]
        case .pause:
            let left = state.liveLoad.map { DurationText.left($0.remaining(at: now)) } ?? "?"
            return [
                Words.text(
                    "⏸ Paused {name} with {left} left. Resume with: {command}",
                    ["name": name, "left": left, "command": TypedCommand.typed(.resume, pet.identity.name)])
            ]
        case .resume:
            guard let timer = state.liveLoad else { return [] }
            return [
                Words.text(
                    "▶ Resumed {name}: {left} left, done at {ends}.",
                    [
                        "name": name, "left": DurationText.left(timer.remaining(at: now)),
                        "ends": LocalTime.clock(timer.endsAt, now: now),
                    ])
            ]
        case .extend:
            guard let timer = state.liveLoad else { return [] }
            let left = DurationText.left(timer.remaining(at: now))
            if timer.isPaused {
                return [
                    Words.text(
                        "⏸ {name} is paused with {left} left now. Resume with: {command}",
                        ["name": name, "left": left, "command": TypedCommand.typed(.resume, pet.identity.name)])
                ]
            }
            return [
                Words.text(
                    "⏩ {name} now ends at {ends}, {left} left.",
                    ["name": name, "ends": LocalTime.clock(timer.endsAt, now: now), "left": left])
            ]
        case .finish:
            return [
                Words.text(
                    "✅ Finished {name} early: it is {stage} now ({status}).",
                    ["name": name, "stage": pet.cycle.stage.predicate, "status": pet.cycle.stage.statusText])
            ]
        case .snooze:
            guard let until = pet.reminders.snoozedUntil else { return [] }
            return [
                Words.text(
                    "💤 Snoozed the reminders for {name} until {until}.",
                    ["name": name, "until": LocalTime.clock(until, now: now)])
            ]
        case .endSnooze:
            return [Words.text("🔔 Snooze ended: reminders and warnings about {name} come again.", ["name": name])]
        }
    }

    /// A load started: `line` fills its sentence with the values (and the name's variant, where the language has one).
    private static func started(_ state: PetState, now: Date, _ line: ([String: String]) -> String) -> [String] {
        guard let timer = state.liveLoad else { return [] }
        let values = [
            "icon": timer.kind.icon, "name": TerminalText.sanitize(state.pet.identity.name),
            "length": DurationText.length(seconds: Int(timer.plannedSeconds.rounded())),
            "ends": LocalTime.clock(timer.endsAt, now: now),
        ]
        return [line(values)]
    }

    public static func adopted(_ pet: Pet, kind: Kind, now: Date) -> [String] {
        [
            Words.text(
                "{emoji} Adopted {name} ({kind}): {settings}. Health {health}%.",
                [
                    "emoji": kind.emoji, "name": TerminalText.sanitize(pet.identity.name), "kind": kind.displayName,
                    "settings": settings(pet), "health": String(pet.health(at: now)),
                ]),
            Words.text("Start its wash with: {command}", ["command": TypedCommand.typed(.wash, pet.identity.name)]),
        ]
    }

    public static func updated(_ pet: Pet, kind: Kind, now: Date) -> [String] {
        [
            Words.text(
                "Updated {name}: {kind}, {settings}. Health {health}%.",
                [
                    "name": TerminalText.sanitize(pet.identity.name), "kind": kind.displayName,
                    "settings": settings(pet),
                    "health": String(pet.health(at: now)),
                ])
        ]
            + (pet.settings.programmes.isEmpty
                ? []
                : [
                    Words.text(
                        "Programmes: {programmes}.",
                        [
                            "programmes": pet.settings.programmes.keys.sorted().map {
                                "\(TerminalText.sanitize($0)) \(pet.settings.programmes[$0]?.description ?? "")"
                            }.joined(separator: ", ")
                        ])
                ])
    }

    private static func settings(_ pet: Pet) -> String {
        Words.text(
            "wash {wash}, dry {dry}, every {every}",
            [
                "wash": pet.settings.washDuration.description, "dry": pet.settings.dryDuration.description,
                "every": CycleDays.format(pet.settings.cycleDays),
            ])
    }

    public static func nudged(_ pet: Pet, _ nudge: Nudge) -> String {
        Words.text(
            "👉 Nudged {person} about {name}; their machines pop up and ring once.",
            ["person": TerminalText.sanitize(nudge.to.name), "name": TerminalText.sanitize(pet.identity.name)])
    }

    public static func released(_ pet: Pet) -> String {
        Words.text("👋 Released {name}.", ["name": TerminalText.sanitize(pet.identity.name)])
    }

    public static func releaseQuestion(_ pet: Pet) -> String {
        Words.text(
            "Release {name}? It leaves every machine's list and its timer stops. [y/N] ",
            ["name": TerminalText.sanitize(pet.identity.name)])
    }

    public static func kept(_ pet: Pet) -> String {
        Words.text("Kept {name}.", ["name": TerminalText.sanitize(pet.identity.name)])
    }

    public static var noPets: String { Words.text("No pets yet. Adopt one with: laundry adopt <name>") }
}
