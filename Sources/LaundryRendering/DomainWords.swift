import LaundryCore

// The words and pictures people see for the domain's values; the domain itself has none.

extension Stage {
    /// What `laundry status` says about it.
    public var statusText: String {
        switch self {
        case .idle: return "Ready to start laundry"
        case .washing: return "Washing…"
        case .washed: return "Wash complete! Ready for the dryer"
        case .drying: return "Drying…"
        case .dried: return "Dry complete! Time to fold"
        }
    }
}

extension TimerKind {
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

extension KindCatalog {
    /// A kind for pets whose file names a kind this data folder no longer has.
    public func kindOrFallback(_ id: String) -> Kind {
        kind(id) ?? Kind(id: id, name: id, emoji: "🧺", washSeconds: 2700, drySeconds: 3600, cycleDays: 7)
    }
}
