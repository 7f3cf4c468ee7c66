import FoundationEssentials

/// One line of a machine's `history/<uuid>.jsonl`: something that happened to a pet.
public struct HistoryEvent: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case adopted, washStarted, washDone, dryStarted, dryDone, extraDryStarted, extraDryDone
        case folded, cancelled, paused, resumed, settingsChanged, renamed, died, snoozed, released
        /// A snooze ended before its time (`snooze --off`).
        case snoozeEnded
        /// The running load's end moved (`extend`); ended now (`finish`), before its done event.
        case extended, finishedEarly
        /// What a stage drew by its plug, and its cost (`loadID`: the stage's timer); written by the plug's reader.
        case energyMeasured
        /// Someone nudged a person about the pet (`laundry nudge`): whom, in the detail.
        case nudged
        /// The finished load was taken out: its machine's door opened (the detail names the machine).
        case unloaded
        /// A change lost to a later change of the same part elsewhere (derived on reading; older versions wrote it).
        case superseded
    }

    /// The line format: 1 (lines without it, from 0.1.0, too); newer lines show as far as understood, never rewritten.
    public static let currentSchemaVersion = 1
    public var schemaVersion = HistoryEvent.currentSchemaVersion

    /// Unique per event, so histories from two machines merge by union.
    public var id: String
    /// The machine the event was made on, for what a person did.
    public var device: String?
    /// Who did it: the machine's `person` (else login name), or whom a Home Assistant press names; nil in older lines.
    public var by: Person?

    public var at: Date
    public var event: Kind
    public var petID: UUID
    /// The timer this event belongs to, for the events of a load.
    public var loadID: UUID?
    /// What happened beyond the kind, as facts: the old name, the settings and their values, what stopped the washer.
    public var detail: HistoryDetail?
    /// For a person's change: its parts' new stamp and, per part, the stamp of the version it was made on (nil: none).
    /// Followed back from a part's winner, these tell a change that was seen from one replaced unseen (superseded).
    public var stamp: PartStamp?
    public var changed: [PartChange]?

    public struct PartChange: Codable, Equatable, Sendable {
        public var part: PetPart
        public var after: PartStamp?

        public init(part: PetPart, after: PartStamp?) {
            self.part = part
            self.after = after
        }
    }

    public init(
        at: Date, event: Kind, petID: UUID, loadID: UUID? = nil, detail: HistoryDetail? = nil,
        id: String = EventID.random(), device: String? = nil
    ) {
        self.id = id
        self.device = device
        self.at = at
        self.event = event
        self.petID = petID
        self.loadID = loadID
        self.detail = detail
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: HistoryFields.Key.self)
        schemaVersion = try container.decodeIfPresent(Int.self, forKey: .schemaVersion) ?? 1
        id = try container.decode(String.self, forKey: .id)
        device = try container.decodeIfPresent(String.self, forKey: .device)
        at = try container.decode(Date.self, forKey: .at)
        event = try container.decode(Kind.self, forKey: .event)
        petID = try container.decode(UUID.self, forKey: .petID)
        loadID = try container.decodeIfPresent(UUID.self, forKey: .loadID)
        stamp = try container.decodeIfPresent(PartStamp.self, forKey: .stamp)
        changed = try container.decodeIfPresent([PartChange].self, forKey: .changed)
        by = try container.decodeIfPresent(Person.self, forKey: .by)
        detail = try HistoryFields(from: container).detail(for: event)
    }

    /// The facts as flat keys beside the event's own (`HistoryFields`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: HistoryFields.Key.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(device, forKey: .device)
        try container.encode(at, forKey: .at)
        try container.encode(event, forKey: .event)
        try container.encode(petID, forKey: .petID)
        try container.encodeIfPresent(loadID, forKey: .loadID)
        try container.encodeIfPresent(stamp, forKey: .stamp)
        try container.encodeIfPresent(changed, forKey: .changed)
        try container.encodeIfPresent(by, forKey: .by)
        try HistoryFields(detail).encode(to: &container)
    }

    static func started(_ kind: LoadKind) -> Kind {
        switch kind {
        case .wash: return .washStarted
        case .dry: return .dryStarted
        case .extraDry: return .extraDryStarted
        }
    }

    static func done(_ kind: LoadKind) -> Kind {
        switch kind {
        case .wash: return .washDone
        case .dry: return .dryDone
        case .extraDry: return .extraDryDone
        }
    }
}
