import FoundationEssentials
import LaundryCore

/// The settings `adopt` and `set` take, already parsed and checked; nil means "not given".
public struct PetSettings: Sendable {
    public var name: PetName?
    public var kind: String?
    public var washDuration: LaundryDuration?
    public var dryDuration: LaundryDuration?
    public var cycleDays: Double?
    public var lastWashed: Date?
    /// Whether a wash or dryer started without a length takes the learned one.
    public var learns: Bool?
    /// Programmes to set to a length, or to remove (nil), by name.
    public var programmes: [String: LaundryDuration?] = [:]

    public init(
        name: PetName? = nil, kind: String? = nil, washDuration: LaundryDuration? = nil,
        dryDuration: LaundryDuration? = nil, cycleDays: Double? = nil, lastWashed: Date? = nil, learns: Bool? = nil
    ) {
        self.name = name
        self.kind = kind
        self.washDuration = washDuration
        self.dryDuration = dryDuration
        self.cycleDays = cycleDays
        self.lastWashed = lastWashed
        self.learns = learns
    }

    /// Changes only the fields given, and returns the history events that say so.
    func apply(to state: inout PetState, kind: Kind?, at now: Date) -> [HistoryEvent] {
        var pet = state.pet
        var events: [HistoryEvent] = []
        if let name, name.value != pet.identity.name {
            events.append(
                HistoryEvent(
                    at: now, event: .renamed, petID: pet.id, detail: .renamed(from: pet.identity.name, to: name.value))
            )
            pet.identity.name = name.value
        }
        var changed = HistoryDetail.SettingsChange()
        if let kind, kind.id != pet.identity.kind {
            pet.identity.kind = kind.id
            changed.kind = kind.id
        }
        if let washDuration {
            pet.settings.washDuration = washDuration
            changed.washSeconds = washDuration.timeInterval
        }
        if let dryDuration {
            pet.settings.dryDuration = dryDuration
            changed.drySeconds = dryDuration.timeInterval
        }
        if let cycleDays {
            pet.settings.cycleDays = cycleDays
            changed.cycleDays = cycleDays
        }
        if let lastWashed {
            // Health may rise past a warning again: it re-arms when it falls (see `Reminders`).
            pet.cycle.lastLaundryAt = lastWashed
            changed.lastWashed = lastWashed
        }
        if let learns, learns != pet.settings.learns {
            pet.settings.learns = learns
            changed.learns = learns
        }
        var programmes: [String: Double?] = [:]
        for (name, length) in self.programmes where pet.settings.programmes[name] != length {
            pet.settings.programmes[name] = length
            // `updateValue`: a removal is kept as a nil length (a subscript set to nil would drop the key).
            programmes.updateValue(length.map(\.timeInterval), forKey: name)
        }
        if !programmes.isEmpty { changed.programmes = programmes }
        if !changed.isEmpty {
            events.append(
                HistoryEvent(at: now, event: .settingsChanged, petID: pet.id, detail: .settings(changed)))
        }
        state.pet = pet
        return events
    }
}
