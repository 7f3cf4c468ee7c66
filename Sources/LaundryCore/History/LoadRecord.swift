import FoundationEssentials

/// A load from wash to end, derived from history (nothing stored): step times, wet wait, end, which machine did what.
public struct LoadRecord: Equatable, Sendable {
    /// How a load ended; nil while it goes on.
    public enum End: String, Codable, Sendable, CaseIterable {
        case folded
        /// The wash was cancelled.
        case cancelled
        /// The pet was released mid-cycle.
        case released
        /// Another machine's change replaced it (its wash lost in a merge, or a new wash started before this fold).
        case superseded
    }

    public struct Pause: Equatable, Sendable {
        public let at: Date
        public let until: Date?
    }

    /// A timed step: the wash, the dryer, or extra drying.
    public struct Run: Equatable, Sendable {
        /// Its load's id, which its pauses, its end and a cancel name.
        public let loadID: UUID?
        public let started: Date
        public var ended: Date?
        /// The plug said the machine stopped, rather than the timer.
        public var endedByAppliance = false
        public var pauses: [Pause] = []
        public var startedOn: String?
        /// What its appliance drew over it, by the plug (nil without one).
        public var energy: HistoryDetail.EnergyUse?
        /// When its plug said it stopped: later than `ended` if the machine ran on after the timer (its real length).
        public var applianceStoppedAt: Date?
        /// The named programme it was started with (`wash --programme eco`).
        public var programme: String?
        public var startedBy: Person?

        public init(
            loadID: UUID?, started: Date, ended: Date? = nil, startedOn: String? = nil, programme: String? = nil
        ) {
            self.loadID = loadID
            self.started = started
            self.ended = ended
            self.startedOn = startedOn
            self.programme = programme
        }

        /// A run as its start event says: when, on which machine, with which programme.
        init(started event: HistoryEvent) {
            var programme: String?
            if case .length(_, let name)? = event.detail { programme = name }
            self.init(loadID: event.loadID, started: event.at, startedOn: event.device, programme: programme)
            startedBy = event.by
        }
    }

    /// The wash's load id.
    public let id: UUID
    public let petID: UUID
    public var wash: Run
    public var dryer: Run?
    public var extraDrying: [Run] = []
    /// When it was folded, or cancelled, released or superseded.
    public var endedAt: Date?
    public var end: End?
    public var endedOn: String?
    /// The person who folded it, or cancelled, released or replaced it.
    public var endedBy: Person?

    public init(id: UUID, petID: UUID, wash: Run) {
        self.id = id
        self.petID = petID
        self.wash = wash
    }

    public var startedBy: Person? { wash.startedBy }
    /// Who moved the wet laundry: started the dryer, or for air-dried laundry, folded it off the line.
    public var movedBy: Person? { dryer?.startedBy ?? (isAirDried ? foldedBy : nil) }
    public var foldedBy: Person? { end == .folded ? endedBy : nil }

    /// The washer's energy over the wash, as a plug or the machine itself measured it; nil: not measured.
    public var washEnergyWh: Double? { wash.energy?.wattHours }

    /// The dryer's energy over the dryer and any extra drying, however measured; nil: not measured.
    public var dryEnergyWh: Double? {
        let measured = ([dryer] + extraDrying.map(Optional.some)).compactMap { $0?.energy?.wattHours }
        return measured.isEmpty ? nil : measured.reduce(0, +)
    }

    /// What the measured energy cost, when every measured stage had a price (in one currency).
    public var cost: (value: Double, currency: String?)? {
        let uses = ([wash] + [dryer].compactMap { $0 } + extraDrying).compactMap(\.energy)
        guard !uses.isEmpty, uses.allSatisfy({ $0.cost != nil }), Set(uses.map(\.currency)).count == 1 else {
            return nil
        }
        return (uses.compactMap(\.cost).reduce(0, +), uses.first?.currency)
    }

    public var isAbandoned: Bool { end != nil && end != .folded }
    public var isAirDried: Bool { end == .folded && dryer == nil }

    /// The wet wait: wash end to dryer start (or to the fold, air-dried); up to `now` while it still waits.
    public func wetWait(at now: Date) -> Double? {
        guard let washed = wash.ended else { return nil }
        let until = dryer?.started ?? (end == .folded ? endedAt : nil) ?? (end == nil ? now : endedAt)
        return until.map { max(0, $0.timeIntervalSince(washed)) }
    }

    /// How long the dryer ran, pauses included.
    public var dryerRun: Double? {
        guard let dryer, let ended = dryer.ended else { return nil }
        return ended.timeIntervalSince(dryer.started)
    }

    /// When the last drying ended (the dryer, or extra drying after it).
    public var dryEnded: Date? { extraDrying.last?.ended ?? dryer?.ended }

    /// How long the dry load waited to be folded, up to `now` while it still waits.
    public func foldWait(at now: Date) -> Double? {
        guard let dried = dryEnded else { return nil }
        let until = end == .folded ? endedAt : (end == nil ? now : nil)
        return until.map { max(0, $0.timeIntervalSince(dried)) }
    }
}

/// Builds a pet's load records from its history, oldest first.
public enum LoadRecords {
    public static func derive(_ history: [HistoryEvent]) -> [LoadRecord] {
        // In time order, events of one instant as they came (one move can write two).
        let events = history.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
            .map(\.element)
        let lost = events.filter { $0.event == .superseded }
        var loads: [LoadRecord] = []
        var open: LoadRecord?
        func close(_ end: LoadRecord.End, at: Date, on device: String?, by person: Person? = nil) {
            guard var load = open else { return }
            load.end = end
            load.endedAt = at
            load.endedOn = device
            load.endedBy = person
            loads.append(load)
            open = nil
        }
        for event in events where event.event != .superseded {
            if isLost(event, lost) {
                // A wash that lost to another machine's change: a load that never went on, superseded by the next.
                if event.event == .washStarted, let id = event.loadID {
                    var load = LoadRecord(
                        id: id, petID: event.petID, wash: .init(started: event))
                    load.end = .superseded
                    loads.append(load)
                }
                continue
            }
            switch event.event {
            case .washStarted:
                if open != nil { close(.superseded, at: event.at, on: event.device) }
                guard let id = event.loadID else { continue }
                open = LoadRecord(
                    id: id, petID: event.petID, wash: .init(started: event))
            case .washDone:
                guard open?.id == event.loadID else { continue }
                open?.wash.ended = event.at
                open?.wash.endedByAppliance = event.detail == .stoppedBy(.washer)
            case .dryStarted:
                guard open != nil else { continue }
                open?.dryer = .init(started: event)
            case .dryDone:
                guard open?.dryer != nil else { continue }
                open?.dryer?.ended = event.at
                open?.dryer?.endedByAppliance = event.detail == .stoppedBy(.dryer)
            case .extraDryStarted:
                open?.extraDrying.append(.init(started: event))
            case .extraDryDone:
                guard let last = open?.extraDrying.indices.last else { continue }
                open?.extraDrying[last].ended = event.at
            case .paused, .resumed:
                pauseOrResume(event, in: &open)
            case .energyMeasured:
                measured(event, in: &open, closed: &loads)
            case .cancelled:
                guard let load = open else { continue }
                if event.loadID == load.id || event.loadID == nil {
                    close(.cancelled, at: event.at, on: event.device, by: event.by)
                } else if event.loadID == load.dryer?.loadID {
                    // The dryer was cancelled: the load is wet again, still waiting.
                    open?.dryer = nil
                } else if let last = load.extraDrying.indices.last, event.loadID == load.extraDrying[last].loadID {
                    open?.extraDrying.removeLast()
                }
            case .folded:
                close(.folded, at: event.at, on: event.device, by: event.by)
            case .released:
                close(.released, at: event.at, on: event.device, by: event.by)
            default:
                continue
            }
        }
        if let open { loads.append(open) }
        loads.sort { ($0.wash.started, $0.id) < ($1.wash.started, $1.id) }
        for index in loads.indices where loads[index].end == .superseded && loads[index].endedAt == nil {
            loads[index].endedAt = loads.dropFirst(index + 1).first?.wash.started
        }
        return loads
    }

    /// A stage's energy: the plug's stop comes after the stage's end, maybe after the fold, so closed loads count too.
    private static func measured(_ event: HistoryEvent, in open: inout LoadRecord?, closed loads: inout [LoadRecord]) {
        guard case .energy(let use)? = event.detail, let timer = event.loadID else { return }
        func add(_ load: inout LoadRecord) -> Bool {
            func into(_ run: inout LoadRecord.Run) {
                run.applianceStoppedAt = max(run.applianceStoppedAt ?? event.at, event.at)
                guard var sum = run.energy else {
                    run.energy = use
                    return
                }
                // A second measure of one stage (a plug that stopped twice): both count.
                sum.wattHours += use.wattHours
                sum.cost = sum.cost.flatMap { total in use.cost.map { total + $0 } }
                run.energy = sum
            }
            if load.wash.loadID == timer {
                into(&load.wash)
            } else if load.dryer?.loadID == timer, var dryer = load.dryer {
                into(&dryer)
                load.dryer = dryer
            } else if let index = load.extraDrying.firstIndex(where: { $0.loadID == timer }) {
                into(&load.extraDrying[index])
            } else {
                return false
            }
            return true
        }
        if var load = open, add(&load) {
            open = load
            return
        }
        for index in loads.indices.reversed() where add(&loads[index]) { return }
    }

    private static func pauseOrResume(_ event: HistoryEvent, in open: inout LoadRecord?) {
        guard var load = open, let timer = event.loadID else { return }
        func change(_ run: inout LoadRecord.Run) {
            if event.event == .paused {
                run.pauses.append(.init(at: event.at, until: nil))
            } else if let last = run.pauses.indices.last, run.pauses[last].until == nil {
                run.pauses[last] = .init(at: run.pauses[last].at, until: event.at)
            }
        }
        if timer == load.wash.loadID {
            change(&load.wash)
        } else if var dryer = load.dryer, dryer.loadID == timer {
            change(&dryer)
            load.dryer = dryer
        } else if let last = load.extraDrying.indices.last, load.extraDrying[last].loadID == timer {
            change(&load.extraDrying[last])
        }
        open = load
    }

    /// A change that lost to a later one elsewhere: `PetHistory` adds a `superseded` naming its kind, load and machine.
    private static func isLost(_ event: HistoryEvent, _ lost: [HistoryEvent]) -> Bool {
        guard event.stamp != nil else { return false }
        return lost.contains { marker in
            marker.loadID == event.loadID && marker.device == event.device
                && abs(marker.at.timeIntervalSince(event.at)) < 1
                && marker.detail?.lostEvent == event.event
        }
    }
}
