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
        case wetWaitSeconds, dryStartedAt, dryEndedAt, drySeconds, extraDrySeconds, foldWaitSeconds
        case end, endedAt, airDried, washStartedOn, dryStartedOn, endedOn
        /// Absent without a plug (and `cost` without a price): unrounded.
        case washEnergyWh, dryEnergyWh, cost, currency
        /// Absent when started without a named programme.
        case washProgramme, dryProgramme
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
        try container.encode(JSONOutput.seconds(washSeconds), forKey: .washSeconds)
        try container.encode(load.wash.endedByAppliance, forKey: .washEndedByAppliance)
        try container.encode(load.wash.pauses.map { PauseJSON(at: $0.at, until: $0.until) }, forKey: .washPauses)
        try container.encode(JSONOutput.seconds(load.wetWait(at: now)), forKey: .wetWaitSeconds)
        try container.encode(load.dryer?.started, forKey: .dryStartedAt)
        try container.encode(load.dryer?.ended, forKey: .dryEndedAt)
        try container.encode(JSONOutput.seconds(load.dryerRun), forKey: .drySeconds)
        try container.encode(JSONOutput.seconds(extraDrying), forKey: .extraDrySeconds)
        try container.encode(JSONOutput.seconds(load.foldWait(at: now)), forKey: .foldWaitSeconds)
        try container.encode(load.end?.rawValue, forKey: .end)
        try container.encode(load.endedAt, forKey: .endedAt)
        try container.encode(load.isAirDried, forKey: .airDried)
        try container.encode(load.wash.startedOn, forKey: .washStartedOn)
        try container.encode(load.dryer?.startedOn, forKey: .dryStartedOn)
        try container.encode(load.endedOn, forKey: .endedOn)
        try container.encodeIfPresent(load.washEnergyWh, forKey: .washEnergyWh)
        try container.encodeIfPresent(load.dryEnergyWh, forKey: .dryEnergyWh)
        if let cost = load.cost {
            try container.encode(cost.value, forKey: .cost)
            try container.encodeIfPresent(cost.currency, forKey: .currency)
        }
        try container.encodeIfPresent(load.wash.programme, forKey: .washProgramme)
        try container.encodeIfPresent(load.dryer?.programme, forKey: .dryProgramme)
        try container.encode(load.startedBy, forKey: .startedBy)
        try container.encode(load.movedBy, forKey: .movedBy)
        try container.encode(load.foldedBy, forKey: .foldedBy)
    }

    /// The CSV's columns: the JSON keys; its header names the pauses' column for what it holds, their count.
    public static let csvColumns = CodingKeys.allCases.map(\.rawValue)
    public static var csvHeader: [String] { csvColumns.map { $0 == "washPauses" ? "washPauseCount" : $0 } }
}

extension HistoryEntryJSON {
    /// The JSON keys as CSV columns: the event's, then each fact's; those added later last, so columns keep places
    /// (the fifth is the washer's or dryer's run, as 0.1.0's `timerID` was; the load as `loads` names it is last).
    public static let csvColumns =
        ["at", "event", "petId", "petName", "timerId", "id", "device"] + HistoryFields.Key.facts.map(\.rawValue)
        + ["by", "loadId"]
}
