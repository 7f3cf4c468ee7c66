import FoundationEssentials

/// One line of a machine's `history/<uuid>.jsonl`: something that happened to a pet.
public struct HistoryEvent: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case adopted, washStarted, washDone, dryStarted, dryDone, extraDryStarted, extraDryDone
        case folded, cancelled, paused, resumed, settingsChanged, renamed, died, snoozed, released
        /// A change made on one machine lost to a later change of the same part on another
        /// (derived when history is read; older laundry versions wrote it).
        case superseded
    }

    /// Unique per event, so histories from two machines merge by union. Nil only in lines written
    /// before ids existed; `HistoryLog` gives those one derived from the line.
    public var id: String?
    /// The machine the event was made on, for what a person did.
    public var device: String?

    public var at: Date
    public var event: Kind
    public var petID: UUID
    /// The timer this event belongs to, for the events of a load.
    public var timerID: UUID?
    /// A short free text: the new name, the changed settings, the length of a load.
    public var detail: String?
    /// For what a person did: the stamp the parts it changed got, and for each of those parts the
    /// stamp of the version it was made on (none before it: nil). Following these back from a
    /// part's winning version tells a change that was seen from one that a later change replaced
    /// without seeing it (superseded).
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
        at: Date, event: Kind, petID: UUID, timerID: UUID? = nil, detail: String? = nil, id: String? = nil,
        device: String? = nil
    ) {
        self.id = id
        self.device = device
        self.at = at
        self.event = event
        self.petID = petID
        self.timerID = timerID
        self.detail = detail
    }

    static func started(_ kind: TimerKind) -> Kind {
        switch kind {
        case .wash: return .washStarted
        case .dry: return .dryStarted
        case .extraDry: return .extraDryStarted
        }
    }

    static func done(_ kind: TimerKind) -> Kind {
        switch kind {
        case .wash: return .washDone
        case .dry: return .dryDone
        case .extraDry: return .extraDryDone
        }
    }
}
