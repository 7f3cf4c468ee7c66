import LaundryCore

// The words and pictures people see for the domain's values; the domain itself has none.

extension Stage {
    /// What `laundry status` says about it.
    public var statusText: String {
        switch self {
        case .idle: return Words.text("Ready to start laundry")
        case .washing: return Words.text("Washing…")
        case .washed: return Words.text("Wash complete! Ready for the dryer")
        case .drying: return Words.text("Drying…")
        case .dried: return Words.text("Dry complete! Time to fold")
        }
    }
}

extension Stage {
    /// The stage as a sentence says it after "it is" (`cannot fold Socks: it is washing`; `Socks is idle again`).
    public var predicate: String {
        switch self {
        case .idle: return Words.text("idle", context: "a stage, as in: it is idle")
        case .washing: return Words.text("washing", context: "a stage, as in: it is washing")
        case .washed: return Words.text("washed", context: "a stage, as in: it is washed")
        case .drying: return Words.text("drying", context: "a stage, as in: it is drying")
        case .dried: return Words.text("dried", context: "a stage, as in: it is dried")
        }
    }
}

extension Move {
    /// The move as a verb in a sentence that refuses it (`cannot fold Socks`); the command keeps its English name.
    public var verb: String {
        switch self {
        case .wash: return Words.text("wash", context: "a move, as in: cannot wash Socks")
        case .dry: return Words.text("dry", context: "a move, as in: cannot dry Socks")
        case .moreDry: return Words.text("more-dry", context: "a move, as in: cannot more-dry Socks")
        case .fold: return Words.text("fold", context: "a move, as in: cannot fold Socks")
        case .cancel: return Words.text("cancel", context: "a move, as in: cannot cancel Socks")
        case .pause: return Words.text("pause", context: "a move, as in: cannot pause Socks")
        case .resume: return Words.text("resume", context: "a move, as in: cannot resume Socks")
        case .snooze: return Words.text("snooze", context: "a move, as in: cannot snooze Socks")
        case .extend: return Words.text("extend", context: "a move, as in: cannot extend Socks")
        case .finish: return Words.text("finish", context: "a move, as in: cannot finish Socks")
        }
    }
}

extension LoadKind {
    /// The icon of a load under way, in popups, command reports and status bars.
    public var icon: String {
        switch self {
        case .wash: return "🫧"
        case .dry: return "🌬️"
        case .extraDry: return "🔥"
        }
    }
}

extension Mood {
    /// The face of the mood, in tables, cards and bars.
    public var face: String {
        switch self {
        case .happy: return "😊"
        case .neutral: return "😐"
        case .sad: return "😟"
        case .verySad: return "😭"
        case .dead: return "💀"
        }
    }
}

extension Mood {
    /// The mood in the person's words (the bars' `{mood}` field keeps `label`, a key).
    public var words: String {
        switch self {
        case .happy: return Words.text("happy")
        case .neutral: return Words.text("neutral")
        case .sad: return Words.text("sad")
        case .verySad: return Words.text("very sad")
        case .dead: return Words.text("dead")
        }
    }
}

extension Kind {
    /// The kind's name in the person's words (`kinds.json`'s English is the catalogue's key).
    public var displayName: String { Words.text(name) }
}

extension Kind {
    /// How a refusal offers it: the id to type, with the person's word for it where that is not the id (`towels
    /// (Handtücher)`); either is taken (`KindCatalog.kind(typed:)`).
    public var choice: String { displayName.lowercased() == id ? id : "\(id) (\(displayName))" }
}

extension KindCatalog {
    /// The kind a person typed: its id or its name in their words, in any case.
    public func kind(typed: String) -> Kind? {
        kind(typed) ?? kinds.first { $0.displayName.lowercased() == typed.lowercased() }
    }

    /// A kind for pets whose file names a kind this data folder no longer has.
    public func kindOrFallback(_ id: String) -> Kind {
        kind(id) ?? Kind(id: id, name: id, emoji: "🧺", washSeconds: 2700, drySeconds: 3600, cycleDays: 7)
    }
}
