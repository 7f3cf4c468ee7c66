import FoundationEssentials

/// A history event's facts beyond its kind: worded only when shown; whatever decides from history reads these.
public enum HistoryDetail: Equatable, Hashable, Sendable {
    /// `adopted`: the pet's kind.
    case kind(String)
    /// A wash or dryer started (with the programme it was started with, if any), or reminders snoozed: for how long.
    case length(seconds: Double, programme: String? = nil)
    /// `paused`, `resumed`, `cancelled`: the time the load had left, and for a cancel which timer.
    case remaining(seconds: Double, timer: LoadKind?)
    /// A load ended because its appliance's plug said it stopped, not its timer.
    case stoppedBy(Appliance)
    /// `folded`: how many cycles the pet has completed with it.
    case cycle(Int)
    case renamed(from: String, to: String)
    /// Boxed: the other cases are small, and an event is copied many times while a history is read.
    indirect case settings(SettingsChange)
    /// `released`: the name it had.
    case released(name: String)
    /// `superseded`: which change lost (its event, the part it changed); the event's device is where it was made.
    case lost(event: HistoryEvent.Kind, part: PetPart)
    /// `energyMeasured`: what the appliance drew over the stage.
    case energy(EnergyUse)
    case nudged(to: String)
    /// `unloaded`: whose door opened after the load finished.
    case door(Appliance)

    /// The energy one run of an appliance drew, and its cost in `currency` when a price was known for all of it.
    public struct EnergyUse: Equatable, Hashable, Sendable {
        public var appliance: Appliance
        public var wattHours: Double
        public var cost: Double?
        public var currency: String?

        public init(appliance: Appliance, wattHours: Double, cost: Double? = nil, currency: String? = nil) {
            self.appliance = appliance
            self.wattHours = wattHours
            self.cost = cost
            self.currency = currency
        }
    }

    /// The settings a `set` changed, each with its new value (nil: not changed).
    public struct SettingsChange: Equatable, Hashable, Sendable {
        public var kind: String?
        public var washSeconds: Double?
        public var drySeconds: Double?
        public var cycleDays: Double?
        public var lastWashed: Date?
        public var learns: Bool?
        /// Programmes set (their new length in seconds) or removed (nil), by name.
        public var programmes: [String: Double?]?

        public init(
            kind: String? = nil, washSeconds: Double? = nil, drySeconds: Double? = nil, cycleDays: Double? = nil,
            lastWashed: Date? = nil, learns: Bool? = nil, programmes: [String: Double?]? = nil
        ) {
            self.kind = kind
            self.washSeconds = washSeconds
            self.drySeconds = drySeconds
            self.cycleDays = cycleDays
            self.lastWashed = lastWashed
            self.learns = learns
            self.programmes = programmes
        }

        public var isEmpty: Bool {
            kind == nil && washSeconds == nil && drySeconds == nil && cycleDays == nil && lastWashed == nil
                && learns == nil && programmes == nil
        }
    }
}

/// A history line's fact fields as written: flat keys beside the event's own, so a line stays one readable object.
/// Both readers (the fast one and `JSONDecoder`) fill this, and only `detail(for:)` makes a `HistoryDetail` of it.
public struct HistoryFields: Equatable, Sendable {
    public var name: String?
    public var oldName: String?
    public var petKind: String?
    public var seconds: Double?
    public var remainingSeconds: Double?
    public var timerKind: LoadKind?
    public var stoppedBy: Appliance?
    public var cycle: Int?
    public var washSeconds: Double?
    public var drySeconds: Double?
    public var cycleDays: Double?
    public var lastWashed: Date?
    public var learns: Bool?
    /// The programme a wash or dryer was started with.
    public var programme: String?
    /// A `set`'s programmes, as `Programme.text` writes them.
    public var programmes: String?
    public var lostEvent: HistoryEvent.Kind?
    public var lostPart: PetPart?
    public var appliance: Appliance?
    public var wattHours: Double?
    public var cost: Double?
    public var currency: String?

    public init() {}

    public init(_ detail: HistoryDetail?) {
        switch detail {
        case nil: break
        case .kind(let kind): petKind = kind
        case .length(let length, let name): (seconds, programme) = (length, name)
        case .remaining(let left, let timer): (remainingSeconds, timerKind) = (left, timer)
        case .stoppedBy(let appliance): stoppedBy = appliance
        case .cycle(let count): cycle = count
        case .renamed(let from, let to): (oldName, name) = (from, to)
        case .settings(let change):
            (petKind, washSeconds, drySeconds) = (change.kind, change.washSeconds, change.drySeconds)
            (cycleDays, lastWashed, learns) = (change.cycleDays, change.lastWashed, change.learns)
            programmes = change.programmes.map(Programme.text)
        case .released(let old): name = old
        case .nudged(let person): name = person
        case .lost(let event, let part): (lostEvent, lostPart) = (event, part)
        case .energy(let use):
            (appliance, wattHours, cost, currency) = (use.appliance, use.wattHours, use.cost, use.currency)
        case .door(let door): appliance = door
        }
    }

    public func detail(for kind: HistoryEvent.Kind) -> HistoryDetail? {
        switch kind {
        case .adopted:
            if let petKind { return .kind(petKind) }
        case .washStarted, .dryStarted, .extraDryStarted, .snoozed:
            if let seconds { return .length(seconds: seconds, programme: programme.flatMap(Programme.name)) }
        case .paused, .resumed, .cancelled, .extended, .finishedEarly:
            if let remainingSeconds { return .remaining(seconds: remainingSeconds, timer: timerKind) }
        case .washDone, .dryDone, .extraDryDone:
            if let stoppedBy { return .stoppedBy(stoppedBy) }
        case .folded:
            if let cycle { return .cycle(cycle) }
        case .renamed:
            if let oldName, let name { return .renamed(from: oldName, to: name) }
        case .settingsChanged:
            let change = HistoryDetail.SettingsChange(
                kind: petKind, washSeconds: washSeconds, drySeconds: drySeconds, cycleDays: cycleDays,
                lastWashed: lastWashed, learns: learns, programmes: programmes.flatMap(Programme.changes))
            if !change.isEmpty { return .settings(change) }
        case .released:
            if let name { return .released(name: name) }
        case .superseded:
            if let lostEvent, let lostPart { return .lost(event: lostEvent, part: lostPart) }
        case .energyMeasured:
            if let appliance, let wattHours {
                return .energy(.init(appliance: appliance, wattHours: wattHours, cost: cost, currency: currency))
            }
        case .nudged:
            if let name { return .nudged(to: name) }
        case .unloaded:
            if let appliance { return .door(appliance) }
        case .died, .snoozeEnded:
            break
        }
        return nil
    }

    /// Every key of a history line: the event's own, then the facts'. One container reads them all.
    public enum Key: String, CodingKey, CaseIterable, Sendable {
        case schemaVersion, id, device, at, event, petID, stamp, changed, by
        case loadID = "timerID"
        case name, oldName, petKind, seconds, remainingSeconds, timerKind, stoppedBy, cycle, washSeconds
        case drySeconds, cycleDays, lastWashed, learns, lostEvent, lostPart, appliance, wattHours, cost, currency
        // Last, so a spreadsheet's columns from before them keep their places in `history --csv`.
        case programme, programmes

        /// The facts' keys, in the order of `history --csv`'s columns.
        public static let facts = Array(allCases.drop { $0 != .name })
    }

    /// Only the keys a line has are looked at (a line holds one or two facts of these twenty).
    init(from container: KeyedDecodingContainer<Key>) throws {
        for key in container.allKeys {
            switch key {
            case .name: name = try container.decode(String.self, forKey: key)
            case .oldName: oldName = try container.decode(String.self, forKey: key)
            case .petKind: petKind = try container.decode(String.self, forKey: key)
            case .seconds: seconds = try container.decode(Double.self, forKey: key)
            case .remainingSeconds: remainingSeconds = try container.decode(Double.self, forKey: key)
            // A name a later version adds is not known here: that fact is left out, the line is kept.
            case .timerKind: timerKind = try? container.decode(LoadKind.self, forKey: key)
            case .stoppedBy: stoppedBy = try? container.decode(Appliance.self, forKey: key)
            case .cycle: cycle = try container.decode(Int.self, forKey: key)
            case .washSeconds: washSeconds = try container.decode(Double.self, forKey: key)
            case .drySeconds: drySeconds = try container.decode(Double.self, forKey: key)
            case .cycleDays: cycleDays = try container.decode(Double.self, forKey: key)
            case .lastWashed: lastWashed = try container.decode(Date.self, forKey: key)
            case .learns: learns = try container.decode(Bool.self, forKey: key)
            case .programme: programme = try container.decode(String.self, forKey: key)
            case .programmes: programmes = try container.decode(String.self, forKey: key)
            case .lostEvent: lostEvent = try? container.decode(HistoryEvent.Kind.self, forKey: key)
            case .lostPart: lostPart = try? container.decode(PetPart.self, forKey: key)
            case .appliance: appliance = try? container.decode(Appliance.self, forKey: key)
            case .wattHours: wattHours = try container.decode(Double.self, forKey: key)
            case .cost: cost = try container.decode(Double.self, forKey: key)
            case .currency: currency = try container.decode(String.self, forKey: key)
            case .schemaVersion, .id, .device, .at, .event, .petID, .loadID, .stamp, .changed, .by: continue
            }
        }
    }

    public func encode(to container: inout KeyedEncodingContainer<Key>) throws {
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(oldName, forKey: .oldName)
        try container.encodeIfPresent(petKind, forKey: .petKind)
        try container.encodeIfPresent(seconds, forKey: .seconds)
        try container.encodeIfPresent(remainingSeconds, forKey: .remainingSeconds)
        try container.encodeIfPresent(timerKind, forKey: .timerKind)
        try container.encodeIfPresent(stoppedBy, forKey: .stoppedBy)
        try container.encodeIfPresent(cycle, forKey: .cycle)
        try container.encodeIfPresent(washSeconds, forKey: .washSeconds)
        try container.encodeIfPresent(drySeconds, forKey: .drySeconds)
        try container.encodeIfPresent(cycleDays, forKey: .cycleDays)
        try container.encodeIfPresent(lastWashed, forKey: .lastWashed)
        try container.encodeIfPresent(learns, forKey: .learns)
        try container.encodeIfPresent(programme, forKey: .programme)
        try container.encodeIfPresent(programmes, forKey: .programmes)
        try container.encodeIfPresent(lostEvent, forKey: .lostEvent)
        try container.encodeIfPresent(lostPart, forKey: .lostPart)
        try container.encodeIfPresent(appliance, forKey: .appliance)
        try container.encodeIfPresent(wattHours, forKey: .wattHours)
        try container.encodeIfPresent(cost, forKey: .cost)
        try container.encodeIfPresent(currency, forKey: .currency)
    }
}

extension HistoryDetail {
    /// For `superseded`: the kind of the change that lost.
    public var lostEvent: HistoryEvent.Kind? {
        guard case .lost(let event, _) = self else { return nil }
        return event
    }
}
