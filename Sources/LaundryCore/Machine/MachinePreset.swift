/// The shapes Home Assistant's integrations give a washer or dryer, each checked against the integration's code and
/// test fixtures (home-assistant/core, `homeassistant/components/<name>/sensor.py` and `tests/components/<name>/`).
public enum MachinePreset: String, CaseIterable, Sendable {
    /// Bosch, Siemens, Neff, Gaggenau. 2024.3: `sensor.<device>_operation_state` (`Run`, `Finished`, the last part of
    /// `BSH.Common.EnumType.OperationState.*`), `sensor.<device>_remaining_program_time` (a timestamp) and
    /// `binary_sensor.<device>_door`. 2025.4: the state lower-cased as an enum (`run`, `finished`, …),
    /// `sensor.<device>_program_finish_time` and `sensor.<device>_door` (`open`, `closed`, `locked`).
    case homeConnect
    /// Matter 1.2's Laundry Washer and Dryer: `sensor.<device>_operational_state` (`stopped`, `running`, `paused`,
    /// `error`), `sensor.<device>_current_phase`, and (releases after 2025.7)
    /// `sensor.<device>_estimated_end_time`.
    case matter
    /// Samsung: `sensor.<device>_machine_state` (`run`, `pause`, `stop`) and `sensor.<device>_completion_time`; 2024.3
    /// names them after the capability (`…_washer_machine_state`, `…_washer_completion_time`; `dryer_` for dryers).
    /// Its energy: `sensor.<device>_energy` (the power consumption report, kWh) or `…_energy_meter`.
    case smartThings
    /// Any other integration or template: the entities and the states that mean running, paused and finished given.
    case custom

    /// The entities the preset follows for a device whose entity ids start `<domain>.<device>_`; every release's names,
    /// as Home Assistant gives only those of its own release (the others are simply never heard of).
    public func entities(device: String, appliance: Appliance) -> MachineEntities {
        let sensor = "sensor.\(device)_"
        switch self {
        case .homeConnect:
            return MachineEntities(
                state: [sensor + "operation_state"],
                end: [sensor + "program_finish_time", sensor + "remaining_program_time"],
                door: [sensor + "door", "binary_sensor.\(device)_door"])
        case .matter:
            return MachineEntities(
                state: [sensor + "operational_state"], end: [sensor + "estimated_end_time"],
                phase: [sensor + "current_phase"], energy: [sensor + "energy"])
        case .smartThings:
            let capability = appliance == .washer ? "washer_" : "dryer_"
            return MachineEntities(
                state: [sensor + "machine_state", sensor + capability + "machine_state"],
                end: [sensor + "completion_time", sensor + capability + "completion_time"],
                energy: [sensor + "energy", sensor + "energy_meter"])
        case .custom:
            return MachineEntities()
        }
    }

    /// What the preset's state values mean, lower-cased (Home Connect 2024.3's `Run` reads as 2025.4's `run`).
    public var states: MachineStateWords {
        switch self {
        case .homeConnect:
            // `actionrequired`: the programme waits for someone (detergent, a door left open), as a pause does.
            // `delayedstart`: set, not running: a delayed start is not a load started.
            return MachineStateWords(
                running: ["run"], paused: ["pause", "actionrequired"], finished: ["finished"],
                idle: ["ready", "inactive", "delayedstart", "aborting", "off"], failed: ["error"])
        case .matter:
            // Matter has no "finished": a run that stops is a finish.
            return MachineStateWords(
                running: ["running"], paused: ["paused"], finished: [], idle: ["stopped"], failed: ["error"],
                stopFinishes: true)
        case .smartThings:
            return MachineStateWords(
                running: ["run"], paused: ["pause"], finished: [], idle: ["stop"], failed: [], stopFinishes: true)
        case .custom:
            var words = MachineStateWords(
                running: ["on", "run", "running"], paused: [], finished: [], idle: [], failed: [])
            words.othersAreIdle = true
            return words
        }
    }
}

/// The entity ids an appliance follows, each role's candidates in order (the first that has a value speaks).
public struct MachineEntities: Equatable, Sendable {
    public var state: [String] = []
    /// Timestamp sensors: when the programme will end.
    public var end: [String] = []
    /// A number of seconds, minutes or hours left (`unit_of_measurement`); Matter's countdown, a template's.
    public var remaining: [String] = []
    public var phase: [String] = []
    /// A door: a `binary_sensor` (on: open) or a sensor reading `open`/`closed`/`locked`.
    public var door: [String] = []
    /// The energy the machine has drawn in all (`kWh` or `Wh`, ever growing): a run's is its growth from start to end.
    public var energy: [String] = []

    public init(
        state: [String] = [], end: [String] = [], remaining: [String] = [], phase: [String] = [], door: [String] = [],
        energy: [String] = []
    ) {
        self.state = state
        self.end = end
        self.remaining = remaining
        self.phase = phase
        self.door = door
        self.energy = energy
    }

    /// Every entity to subscribe to, once each, in a stable order.
    public var all: [String] {
        var seen: Set<String> = []
        return (state + end + remaining + phase + door + energy).filter { seen.insert($0).inserted }
    }
}

/// Which of an operation state's values (lower-cased) mean what.
public struct MachineStateWords: Equatable, Sendable {
    public var running: Set<String>
    public var paused: Set<String>
    public var finished: Set<String>
    public var idle: Set<String>
    public var failed: Set<String>
    /// Running, then idle, is a finish (Matter, SmartThings): their machines have no "finished" state.
    public var stopFinishes = false
    /// Any value not listed means idle (a `custom` mapping names only what it must), not a state laundry cannot read.
    public var othersAreIdle = false

    public init(
        running: Set<String>, paused: Set<String>, finished: Set<String>, idle: Set<String>, failed: Set<String>,
        stopFinishes: Bool = false
    ) {
        self.running = running
        self.paused = paused
        self.finished = finished
        self.idle = idle
        self.failed = failed
        self.stopFinishes = stopFinishes
    }
}
