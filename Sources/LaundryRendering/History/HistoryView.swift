import FoundationEssentials
import LaundryCore

/// `laundry history`: one line per event, newest first.
public struct HistoryView {
    public let entries: [(pet: Pet, event: HistoryEvent, load: UUID?)]
    public let kinds: KindCatalog
    public let style: Style

    public init(entries: [(pet: Pet, event: HistoryEvent, load: UUID?)], kinds: KindCatalog, style: Style) {
        self.entries = entries
        self.kinds = kinds
        self.style = style
    }

    public func render() -> String {
        guard !entries.isEmpty else { return Words.text("No history yet.") }
        let nameWidth = entries.map { TextWidth.of(TerminalText.sanitize($0.pet.identity.name)) }.max() ?? 0
        return entries.map { entry in
            let emoji = kinds.kindOrFallback(entry.pet.identity.kind).emoji
            let name = TextWidth.padded(TerminalText.sanitize(entry.pet.identity.name), to: nameWidth)
            let detail =
                entry.event.detail.map {
                    let words = HistoryDetailText.words($0, device: entry.event.device, kinds: kinds)
                    return style.dim(" (\(TerminalText.sanitize(words)))")
                } ?? ""
            let when = style.dim(LocalTime.dateTime(entry.event.at))
            return "\(when)  \(emoji) \(name)  \(Self.describe(entry.event.event))\(detail)"
        }.joined(separator: "\n")
    }

    public static func describe(_ kind: HistoryEvent.Kind) -> String {
        switch kind {
        case .adopted: return Words.text("adopted")
        case .washStarted: return Words.text("wash started")
        case .washDone: return Words.text("wash done")
        case .dryStarted: return Words.text("dryer started")
        case .dryDone: return Words.text("dry done")
        case .extraDryStarted: return Words.text("extra drying started")
        case .extraDryDone: return Words.text("extra drying done")
        case .folded: return Words.text("folded")
        case .cancelled: return Words.text("cancelled")
        case .paused: return Words.text("paused")
        case .resumed: return Words.text("resumed")
        case .extended: return Words.text("end moved")
        case .finishedEarly: return Words.text("finished early")
        case .energyMeasured: return Words.text("energy measured")
        case .settingsChanged: return Words.text("settings changed")
        case .renamed: return Words.text("renamed")
        case .died: return Words.text("died of neglect")
        case .nudged: return Words.text("nudged")
        case .snoozed: return Words.text("reminders snoozed")
        case .snoozeEnded: return Words.text("snooze ended")
        case .released: return Words.text("released")
        case .unloaded: return Words.text("taken out")
        case .superseded: return Words.text("a change made on another machine at the same time was superseded")
        }
    }
}

/// `--json` of a history entry: its facts under the history line's keys (same in every language).
public struct HistoryEntryJSON: Encodable {
    public let at: Date
    public let event: HistoryEvent.Kind
    public let petId: String
    public let petName: String
    /// The load it belongs to, as `loads` names it; `timerId`: the washer's or dryer's run it is about (a wash's run
    /// has its load's id), as hooks, notifications and Home Assistant name it.
    public let loadId: String?
    public let timerId: String?
    public let facts: HistoryFields
    /// A `set`'s programmes as facts, each name's typed seconds or null where it was removed (the line keeps them as
    /// `Programme.text`; `history --csv` gives them so again, `eco=8100 quick=-`); nil where `Programme.changes`
    /// cannot read them, and `facts` keeps their text.
    public let programmes: [String: Double?]?
    public let id: String?
    public let device: String?
    /// Who did it (absent for what no person did, and before people were recorded).
    public let by: Person?

    public init(pet: Pet, event: HistoryEvent, load: UUID?) {
        id = event.id
        device = event.device
        by = event.by
        at = event.at
        self.event = event.event
        petId = pet.id.lowercasedText
        petName = pet.identity.name
        (loadId, timerId) = (load?.lowercasedText, event.loadID?.lowercasedText)
        var facts = HistoryFields(event.detail)
        for key in [\HistoryFields.seconds, \.remainingSeconds, \.washSeconds, \.drySeconds] {
            facts[keyPath: key] = JSONOutput.seconds(facts[keyPath: key])
        }
        // Text `set` did not write (a line edited by hand) stays as it is, under the same key, rather than vanish.
        programmes = facts.programmes.flatMap(Programme.changes)?.mapValues { $0.map(JSONOutput.seconds) }
        if programmes != nil { facts.programmes = nil }
        self.facts = facts
    }

    private enum Key: String, CodingKey {
        case at, event, petId, petName, loadId, timerId, id, device, by, programmes
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(at, forKey: .at)
        try container.encode(event, forKey: .event)
        try container.encode(petId, forKey: .petId)
        try container.encode(petName, forKey: .petName)
        try container.encodeIfPresent(loadId, forKey: .loadId)
        try container.encodeIfPresent(timerId, forKey: .timerId)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(device, forKey: .device)
        try container.encodeIfPresent(by, forKey: .by)
        try container.encodeIfPresent(programmes, forKey: .programmes)
        var factContainer = encoder.container(keyedBy: HistoryFields.Key.self)
        try facts.encode(to: &factContainer)
    }
}
