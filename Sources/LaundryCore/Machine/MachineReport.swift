import FoundationEssentials

/// What a machine says of itself at one moment, read from its entities: what it does, when it ends, its phase, its
/// door.
public struct MachineReport: Equatable, Sendable {
    public enum Activity: String, Equatable, Sendable {
        case idle, running, paused, finished
        /// The machine reports an error: its programme stopped until someone sees to it (a load is paused, not ended).
        case failed
        /// No word: the entity is unavailable or unknown, or says something laundry cannot read.
        case unknown
    }

    public var activity: Activity = .unknown
    public var endsAt: Date?
    /// When the entity that gave `endsAt` last changed, as Home Assistant says.
    public var endChangedAt: Date?
    public var phase: String?
    public var doorOpen: Bool?
    /// The machine's energy meter, in kWh drawn in all.
    public var energyKWh: Double?
    /// What could not be read (each logged once): the report goes on without that entity.
    public var problems: [MachineReadingProblem] = []

    public init(activity: Activity = .unknown, endsAt: Date? = nil, phase: String? = nil, doorOpen: Bool? = nil) {
        self.activity = activity
        self.endsAt = endsAt
        self.phase = phase
        self.doorOpen = doorOpen
    }
}

/// An entity laundry follows said something it cannot use.
public enum MachineReadingProblem: Hashable, Sendable {
    case unknownState(entity: String, value: String)
    case notATime(entity: String, value: String)
    case notANumber(entity: String, value: String)
    case unknownUnit(entity: String, unit: String)
    case wrongDeviceClass(entity: String, found: String, expected: String)
    case notADoor(entity: String, value: String)

    public var entity: String {
        switch self {
        case .unknownState(let entity, _), .notATime(let entity, _), .notANumber(let entity, _),
            .unknownUnit(let entity, _), .wrongDeviceClass(let entity, _, _), .notADoor(let entity, _):
            return entity
        }
    }
}

extension MachineSettings {
    /// The machine's word from its entities' last states; entities never heard of or unavailable say nothing.
    public func report(_ states: [String: EntityState], at now: Date) -> MachineReport {
        var report = MachineReport()
        func heard(_ ids: [String]) -> [EntityState] { ids.compactMap { states[$0] }.filter { !$0.isUnavailable } }
        if let entity = heard(entities.state).first {
            report.activity = activity(entity, &report.problems)
        }
        if let (entity, end) = heard(entities.end).lazy.compactMap({ entity in
            Self.end(entity, &report.problems).map { (entity, $0) }
        }).first {
            (report.endsAt, report.endChangedAt) = (end, entity.lastChanged)
        } else if let (entity, end) = heard(entities.remaining).lazy.compactMap({ entity in
            Self.left(entity, at: now, &report.problems).map { (entity, $0) }
        }).first {
            (report.endsAt, report.endChangedAt) = (end, entity.lastChanged)
        }
        report.phase = heard(entities.phase).first.map(\.state)
        report.doorOpen = heard(entities.door).lazy.compactMap { Self.door($0, &report.problems) }.first
        report.energyKWh = heard(entities.energy).lazy.compactMap { Self.energy($0, &report.problems) }.first
        return report
    }

    private func activity(_ entity: EntityState, _ problems: inout [MachineReadingProblem]) -> MachineReport.Activity {
        // Home Connect's raw values are `BSH.Common.EnumType.OperationState.Run`; its entities give the last part.
        let value = entity.state.split(separator: ".").last.map { $0.lowercased() } ?? ""
        if states.running.contains(value) { return .running }
        if states.paused.contains(value) { return .paused }
        if states.finished.contains(value) { return .finished }
        if states.idle.contains(value) { return .idle }
        if states.failed.contains(value) { return .failed }
        if states.othersAreIdle { return .idle }
        problems.append(.unknownState(entity: entity.entityID, value: entity.state))
        return .unknown
    }

    private static func end(_ entity: EntityState, _ problems: inout [MachineReadingProblem]) -> Date? {
        if let found = entity.deviceClass, found != "timestamp" {
            problems.append(.wrongDeviceClass(entity: entity.entityID, found: found, expected: "timestamp"))
            return nil
        }
        guard let date = Timestamp.parse(entity.state) else {
            problems.append(.notATime(entity: entity.entityID, value: entity.state))
            return nil
        }
        return date
    }

    /// A countdown (`duration`, or a plain number with its unit); a null or zero countdown says nothing of the end.
    private static func left(_ entity: EntityState, at now: Date, _ problems: inout [MachineReadingProblem]) -> Date? {
        if let found = entity.deviceClass, found != "duration" {
            problems.append(.wrongDeviceClass(entity: entity.entityID, found: found, expected: "duration"))
            return nil
        }
        guard let value = Double(entity.state), value.isFinite, value >= 0, value < 86_400 * 2 else {
            problems.append(.notANumber(entity: entity.entityID, value: entity.state))
            return nil
        }
        var unit = "min"
        if case .string(let text)? = entity.attributes["unit_of_measurement"] { unit = text }
        let scale: Double
        switch unit {
        case "s": scale = 1
        case "min": scale = 60
        case "h": scale = 3600
        default:
            problems.append(.unknownUnit(entity: entity.entityID, unit: unit))
            return nil
        }
        guard value > 0 else { return nil }
        return now.addingTimeInterval(value * scale)
    }

    /// An energy meter's reading in kWh (`Wh` scaled); nil when it is another kind of sensor or not a number.
    private static func energy(_ entity: EntityState, _ problems: inout [MachineReadingProblem]) -> Double? {
        if let found = entity.deviceClass, found != "energy" {
            problems.append(.wrongDeviceClass(entity: entity.entityID, found: found, expected: "energy"))
            return nil
        }
        guard let value = Double(entity.state), value.isFinite, value >= 0 else {
            problems.append(.notANumber(entity: entity.entityID, value: entity.state))
            return nil
        }
        var unit = "kWh"
        if case .string(let text)? = entity.attributes["unit_of_measurement"] { unit = text }
        switch unit {
        case "kWh": return value
        case "Wh": return value / 1000
        case "MWh": return value * 1000
        default:
            problems.append(.unknownUnit(entity: entity.entityID, unit: unit))
            return nil
        }
    }

    private static func door(_ entity: EntityState, _ problems: inout [MachineReadingProblem]) -> Bool? {
        if entity.entityID.hasPrefix("binary_sensor.") {
            if let found = entity.deviceClass, !["door", "opening", "window", "garage_door"].contains(found) {
                problems.append(.wrongDeviceClass(entity: entity.entityID, found: found, expected: "door"))
                return nil
            }
            switch entity.state {
            case "on": return true
            case "off": return false
            default: break
            }
        } else {
            switch entity.state.lowercased() {
            case "open": return true
            case "closed", "locked": return false
            default: break
            }
        }
        problems.append(.notADoor(entity: entity.entityID, value: entity.state))
        return nil
    }
}
