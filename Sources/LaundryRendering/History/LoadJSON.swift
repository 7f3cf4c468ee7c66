import FoundationEssentials
import LaundryCore

/// The `--json` and `--csv` shapes of a load: English keys, ISO 8601 times, seconds, `null` spelled out (empty in CSV).
public struct LoadJSON: Encodable {
    let pet: Pet
    let load: LoadRecord
    let now: Date

    public init(pet: Pet, load: LoadRecord, now: Date) {
        self.pet = pet
        self.load = load
        self.now = now
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, petId, petName, washStartedAt, washEndedAt, washSeconds, washEndedByAppliance, washPauses
        case wetWaitSeconds, dryerStartedAt, dryerEndedAt, dryerSeconds, extraDryingSeconds, foldWaitSeconds
        case end, endedAt, airDried, washStartedOn, dryerStartedOn, endedOn
        /// Absent without a plug (and `cost` without a price): unrounded.
        case washEnergyWh, dryEnergyWh, cost, currency
        /// Absent when started without a named programme.
        case washProgramme, dryerProgramme
        /// Who started, moved (to dryer or line) and folded it; null if not done, or done before people were recorded.
        case startedBy, movedBy, foldedBy
    }

    private struct PauseJSON: Encodable {
        let at: Date
        let until: Date?
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(at, forKey: .at)
            try container.encode(until, forKey: .until)
        }
        enum Keys: String, CodingKey { case at, until }
    }

    private static func seconds(_ value: Double?) -> Double? { value.map { ($0 * 1000).rounded() / 1000 } }

    private var washSeconds: Double? { load.wash.ended.map { $0.timeIntervalSince(load.wash.started) } }
    private var extraDrying: Double? {
        load.extraDrying.isEmpty
            ? nil
            : load.extraDrying.compactMap { run in run.ended.map { $0.timeIntervalSince(run.started) } }.reduce(0, +)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(load.id.lowercasedText, forKey: .id)
        try container.encode(pet.id.lowercasedText, forKey: .petId)
        try container.encode(pet.identity.name, forKey: .petName)
        try container.encode(load.wash.started, forKey: .washStartedAt)
        try container.encode(load.wash.ended, forKey: .washEndedAt)
        try container.encode(Self.seconds(washSeconds), forKey: .washSeconds)
        try container.encode(load.wash.endedByAppliance, forKey: .washEndedByAppliance)
        try container.encode(load.wash.pauses.map { PauseJSON(at: $0.at, until: $0.until) }, forKey: .washPauses)
        try container.encode(Self.seconds(load.wetWait(at: now)), forKey: .wetWaitSeconds)
        try container.encode(load.dryer?.started, forKey: .dryerStartedAt)
        try container.encode(load.dryer?.ended, forKey: .dryerEndedAt)
        try container.encode(Self.seconds(load.dryerRun), forKey: .dryerSeconds)
        try container.encode(Self.seconds(extraDrying), forKey: .extraDryingSeconds)
        try container.encode(Self.seconds(load.foldWait(at: now)), forKey: .foldWaitSeconds)
        try container.encode(load.end?.rawValue, forKey: .end)
        try container.encode(load.endedAt, forKey: .endedAt)
        try container.encode(load.isAirDried, forKey: .airDried)
        try container.encode(load.wash.startedOn, forKey: .washStartedOn)
        try container.encode(load.dryer?.startedOn, forKey: .dryerStartedOn)
        try container.encode(load.endedOn, forKey: .endedOn)
        try container.encodeIfPresent(load.washEnergyWh, forKey: .washEnergyWh)
        try container.encodeIfPresent(load.dryEnergyWh, forKey: .dryEnergyWh)
        if let cost = load.cost {
            try container.encode(cost.value, forKey: .cost)
            try container.encodeIfPresent(cost.currency, forKey: .currency)
        }
        try container.encodeIfPresent(load.wash.programme, forKey: .washProgramme)
        try container.encodeIfPresent(load.dryer?.programme, forKey: .dryerProgramme)
        try container.encode(load.startedBy, forKey: .startedBy)
        try container.encode(load.movedBy, forKey: .movedBy)
        try container.encode(load.foldedBy, forKey: .foldedBy)
    }

    /// The CSV header: the JSON keys but the pauses (a count of them instead).
    public static var csvHeader: [String] {
        CodingKeys.allCases.map { $0 == .washPauses ? "washPauseCount" : $0.rawValue }
    }

    public var csvRow: [String] {
        func time(_ date: Date?) -> String { date.map(Timestamp.format) ?? "" }
        func number(_ value: Double?) -> String { Self.seconds(value).map(NumberText.plain) ?? "" }
        return [
            load.id.lowercasedText, pet.id.lowercasedText, pet.identity.name, time(load.wash.started),
            time(load.wash.ended),
            number(washSeconds), String(load.wash.endedByAppliance), String(load.wash.pauses.count),
            number(load.wetWait(at: now)), time(load.dryer?.started), time(load.dryer?.ended), number(load.dryerRun),
            number(extraDrying), number(load.foldWait(at: now)), load.end?.rawValue ?? "", time(load.endedAt),
            String(load.isAirDried), load.wash.startedOn ?? "", load.dryer?.startedOn ?? "", load.endedOn ?? "",
            load.washEnergyWh.map(NumberText.plain) ?? "", load.dryEnergyWh.map(NumberText.plain) ?? "",
            load.cost.map { NumberText.plain($0.value) } ?? "", load.cost?.currency ?? "",
            load.wash.programme ?? "", load.dryer?.programme ?? "",
            load.startedBy?.name ?? "", load.movedBy?.name ?? "", load.foldedBy?.name ?? "",
        ]
    }
}

extension HistoryEntryJSON {
    /// The JSON keys, in the order of `csvRow`: the event's, then each fact's.
    public static let csvHeader =
        ["at", "event", "petID", "petName", "timerID", "id", "device"] + HistoryFields.Key.facts.map(\.rawValue)
        + ["by"]

    public var csvRow: [String] {
        func number(_ value: Double?) -> String { value.map(NumberText.plain) ?? "" }
        let own = [Timestamp.format(at), event.rawValue, petID, petName, timerID ?? "", id ?? "", device ?? ""]
        let columns: [String] =
            HistoryFields.Key.facts.map { key in
                switch key {
                case .name: facts.name ?? ""
                case .oldName: facts.oldName ?? ""
                case .petKind: facts.petKind ?? ""
                case .seconds: number(facts.seconds)
                case .remainingSeconds: number(facts.remainingSeconds)
                case .timerKind: facts.timerKind?.rawValue ?? ""
                case .stoppedBy: facts.stoppedBy?.rawValue ?? ""
                case .cycle: facts.cycle.map(String.init) ?? ""
                case .washSeconds: number(facts.washSeconds)
                case .drySeconds: number(facts.drySeconds)
                case .cycleDays: number(facts.cycleDays)
                case .lastWashed: facts.lastWashed.map(Timestamp.format) ?? ""
                case .learns: facts.learns.map { String($0) } ?? ""
                case .programme: facts.programme ?? ""
                case .programmes: facts.programmes ?? ""
                case .lostEvent: facts.lostEvent?.rawValue ?? ""
                case .lostPart: facts.lostPart?.rawValue ?? ""
                case .appliance: facts.appliance?.rawValue ?? ""
                case .wattHours: number(facts.wattHours)
                case .cost: number(facts.cost)
                case .currency: facts.currency ?? ""
                case .schemaVersion, .id, .device, .at, .event, .petID, .loadID, .stamp, .changed, .by: ""
                }
            }
        return own + columns + [by?.name ?? ""]
    }
}
