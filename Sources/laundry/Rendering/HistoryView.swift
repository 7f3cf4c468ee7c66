import Foundation
import LaundryCore

/// `laundry history`: one line per event, newest first.
struct HistoryView {
    let entries: [(pet: Pet, event: HistoryEvent)]
    let kinds: KindCatalog
    let style: Style

    func render() -> String {
        guard !entries.isEmpty else { return "No history yet." }
        let nameWidth = entries.map { TextWidth.of(TerminalText.sanitize($0.pet.name)) }.max() ?? 0
        return entries.map { entry in
            let emoji = kinds.kindOrFallback(entry.pet.kind).emoji
            let name = TextWidth.padded(TerminalText.sanitize(entry.pet.name), to: nameWidth)
            let detail = entry.event.detail.map { style.dim(" (\(TerminalText.sanitize($0)))") } ?? ""
            return "\(style.dim(LocalTime.dateTime(entry.event.at)))  \(emoji) \(name)  \(Self.describe(entry.event.event))\(detail)"
        }.joined(separator: "\n")
    }

    static func describe(_ kind: HistoryEvent.Kind) -> String {
        switch kind {
        case .adopted: return "adopted"
        case .washStarted: return "wash started"
        case .washDone: return "wash done"
        case .dryStarted: return "dryer started"
        case .dryDone: return "dry done"
        case .extraDryStarted: return "extra drying started"
        case .extraDryDone: return "extra drying done"
        case .folded: return "folded"
        case .cancelled: return "cancelled"
        case .paused: return "paused"
        case .resumed: return "resumed"
        case .settingsChanged: return "settings changed"
        case .renamed: return "renamed"
        case .died: return "died of neglect"
        case .snoozed: return "reminders snoozed"
        }
    }
}

/// The `--json` shape of one history entry.
struct HistoryEntryJSON: Encodable {
    let at: Date
    let event: HistoryEvent.Kind
    let petID: String
    let petName: String
    let timerID: String?
    let detail: String?

    init(pet: Pet, event: HistoryEvent) {
        at = event.at
        self.event = event.event
        petID = pet.id.lowercasedText
        petName = pet.name
        timerID = event.timerID?.lowercasedText
        detail = event.detail
    }
}
