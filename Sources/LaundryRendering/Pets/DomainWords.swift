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

extension KindCatalog {
    /// A kind for pets whose file names a kind this data folder no longer has.
    public func kindOrFallback(_ id: String) -> Kind {
        kind(id) ?? Kind(id: id, name: id, emoji: "🧺", washSeconds: 2700, drySeconds: 3600, cycleDays: 7)
    }
}
