import FoundationEssentials
import LaundryCore
import LaundryRendering

/// One pet as a Home Assistant device: its entities' discovery configs and its state. State values and event types
/// are English keys, as `--json` gives them; the names people see on the dashboard are in their language.
public enum HomeDevice {
    public struct Entity: Equatable, Sendable {
        public let component: String
        public let object: String
        public let payload: JSONTree
    }

    /// A Home Assistant button, offered where the popup's is (messages.json's `washDone`, `nagWashed`, `dryDone`,
    /// `nagDried`), and `extend`, `finish` during a load; elsewhere the daemon would refuse it: shown unavailable.
    public struct Button: Sendable {
        public let object: String
        public let press: String
        public let stages: Set<Stage>
        public let label: @Sendable () -> String
    }

    public static let buttons: [Button] = [
        Button(object: "dry", press: ButtonKey.dry.rawValue, stages: [.washed]) { Words.text("Start dryer") },
        Button(object: "air_dry", press: ButtonKey.airDry.rawValue, stages: [.washed]) { Words.text("Air-dry") },
        Button(object: "fold", press: ButtonKey.fold.rawValue, stages: [.dried]) { Words.text("Fold") },
        Button(object: "more_dry", press: ButtonKey.moreDry.rawValue, stages: [.dried]) {
            Words.text("Dry 10 more min")
        },
        Button(object: "snooze", press: ButtonKey.snooze.rawValue, stages: [.washed, .dried]) {
            Words.text("Snooze 10 min")
        },
        Button(object: "got_it", press: gotIt, stages: [.washed, .dried]) { Words.text("Got it") },
        // While a load runs (or is paused): the machine needs longer, or it is done early.
        Button(object: "extend", press: ButtonKey.extend.rawValue, stages: [.washing, .drying]) {
            Words.text("+10 min")
        },
        Button(object: "finish", press: ButtonKey.finish.rawValue, stages: [.washing, .drying]) {
            Words.text("Finished early")
        },
    ]
    /// The press that only acknowledges (a click on the popup).
    public static let gotIt = "got-it"
    /// `stopped`: a load cancelled, released or replaced before its end (a phone's countdown goes).
    public static let eventTypes = ["finished", "acknowledged", "reminder", "warning", "refused", "stopped"]
    /// The stage sensor's values: the pet's stages, and `paused` while its load is paused.
    public static let stageOptions = Stage.allCases.map(\.rawValue) + ["paused"]
    /// Timestamp sensors, each on its own topic, shown only while the state's key of the same name has a time.
    public static let timestamps: [(object: String, label: @Sendable () -> String)] = [
        ("finishes_at", { Words.text("Finishes at") }), ("snoozed_until", { Words.text("Snoozed until") }),
    ]
    /// Every entity's object id, so a released pet's can all be removed.
    public static let objects: [(component: String, object: String)] =
        [("sensor", "stage")] + timestamps.map { ("sensor", $0.object) }
        + [("binary_sensor", "running"), ("sensor", "health"), ("event", "event"), ("sensor", "energy")]
        + [("sensor", bestStart)]
        + buttons.map { ("button", $0.object) }

    /// The "best start" sensor's object id: when to start the washer (`laundry plan`).
    public static let bestStart = "best_start"

    /// A pet's plan as its state carries it: the best start, and the rest as attributes.
    public struct PlanState: Equatable, Sendable {
        public var plan: LoadPlan?
        public var finishBy: TimeOfDay?
        public var currency: String?
    }

    /// `metered`: a plug measures energy, so the pet has an energy sensor (Home Assistant's Energy dashboard);
    /// `planned`: prices change through the day, so it has a "best start" sensor.
    public static func entities(
        of pet: Pet, topics: HomeTopics, version: String, metered: Bool = false, planned: Bool = false
    ) -> [Entity] {
        func entity(_ component: String, _ object: String, _ name: String, _ keys: [String: JSONTree]) -> Entity {
            Entity(
                component: component, object: object,
                payload: config(of: pet, object: object, name: name, keys, topics: topics, version: version))
        }
        let state = topics.state(pet.id)
        var list = [
            entity(
                "sensor", "stage", Words.text("Stage"),
                [
                    "state_topic": .string(state),
                    "value_template": .string("{{ 'paused' if value_json.paused else value_json.stage }}"),
                    // The load's id as an attribute: a phone notification's tag (data/home-assistant).
                    "json_attributes_topic": .string(state),
                    "json_attributes_template": .string(
                        "{{ {'load_id': value_json.load_id, 'dryer_busy': value_json.dryer_busy, "
                            + "'dryer_free_at': value_json.dryer_free_at} | tojson }}"),
                    "device_class": .string("enum"), "options": .array(Self.stageOptions.map { .string($0) }),
                    "icon": .string("mdi:washing-machine"),
                ]),
            entity(
                "binary_sensor", "running", Words.text("Running"),
                [
                    "state_topic": .string(state),
                    "value_template": .string("{{ 'ON' if value_json.running else 'OFF' }}"),
                    "device_class": .string("running"),
                ]),
            entity(
                "sensor", "health", Words.text("Health"),
                [
                    "state_topic": .string(state), "value_template": .string("{{ value_json.health }}"),
                    "unit_of_measurement": .string("%"), "state_class": .string("measurement"),
                    "icon": .string("mdi:heart-pulse"),
                ]),
            entity(
                "event", "event", Words.text("Laundry event"),
                [
                    "state_topic": .string(topics.event(pet.id)),
                    "event_types": .array(Self.eventTypes.map { .string($0) }),
                ]),
        ]
        for (index, (object, label)) in Self.timestamps.enumerated() {
            var keys = availableWhile("value_json.\(object)", state: state, topics: topics)
            keys["state_topic"] = .string(topics.timestamp(pet.id, object))
            keys["device_class"] = .string("timestamp")
            list.insert(entity("sensor", object, label(), keys), at: 1 + index)
        }
        if metered {
            // Unavailable while a plug is silent: what it says then is not believed.
            var keys = availableWhile("not value_json.plugs_silent", state: state, topics: topics)
            keys["state_topic"] = .string(state)
            keys["value_template"] = .string("{{ value_json.energy_wh }}")
            keys["unit_of_measurement"] = .string("Wh")
            keys["device_class"] = .string("energy")
            keys["state_class"] = .string("total_increasing")
            list.append(entity("sensor", "energy", Words.text("Energy"), keys))
        }
        if planned {
            // Unavailable while no start fits before the finish time.
            var keys = availableWhile("value_json.\(bestStart)", state: state, topics: topics)
            keys["state_topic"] = .string(topics.timestamp(pet.id, bestStart))
            keys["device_class"] = .string("timestamp")
            keys["json_attributes_topic"] = .string(state)
            keys["json_attributes_template"] = .string("{{ value_json.plan | tojson }}")
            keys["icon"] = .string("mdi:clock-start")
            list.append(entity("sensor", bestStart, Words.text("Best start"), keys))
        }
        for button in Self.buttons {
            var keys = availableWhile("'\(button.press)' in value_json.buttons", state: state, topics: topics)
            keys["command_topic"] = .string(topics.press(pet.id))
            keys["payload_press"] = .string(button.press)
            list.append(entity("button", button.object, button.label(), keys))
        }
        return list
    }

    /// Availability from two topics, both needed: the daemon's (its Last Will) and the pet's state,
    /// where `condition`, a Jinja test on the state, says whether the entity means something now.
    private static func availableWhile(_ condition: String, state: String, topics: HomeTopics) -> [String: JSONTree] {
        [
            "availability_mode": .string("all"),
            "availability": .array([
                .object(["topic": .string(topics.ownAvailability)]),
                .object([
                    "topic": .string(state),
                    "value_template": .string("{{ 'online' if \(condition) else 'offline' }}"),
                ]),
            ]),
        ]
    }

    private static func config(
        of pet: Pet, object: String, name: String, _ keys: [String: JSONTree], topics: HomeTopics, version: String
    ) -> JSONTree {
        let node = HomeTopics.node(pet.id)
        var payload = keys
        payload["name"] = .string(name)
        payload["unique_id"] = .string("laundry_\(node)_\(object)")
        if payload["availability"] == nil { payload["availability_topic"] = .string(topics.ownAvailability) }
        payload["device"] = .object([
            "identifiers": .array([.string("laundry_\(node)")]), "name": .string(pet.identity.name),
            "manufacturer": .string("laundry"), "model": .string(pet.identity.kind), "sw_version": .string(version),
        ])
        payload["origin"] = .object(["name": .string("laundry"), "sw_version": .string(version)])
        return .object(payload)
    }

    /// The pet's state, retained on its state topic: one message feeds every sensor. `energyWh`: plugs' total for its
    /// loads (nil: no plug); `plugsSilent`: a plug went silent mid-run; `plan`: nil if the household does not plan.
    /// `dryer`: what the household's dryer means for a wet load (`dryer_busy`, `dryer_free_at` when its end is known).
    public static func state(
        of view: PetState, at now: Date, energyWh: Double? = nil, plugsSilent: Bool = false, plan: PlanState? = nil,
        dryer: DryerWait? = nil
    ) -> JSONTree {
        let pet = view.pet
        let timer = view.liveLoad
        let running = timer.map { !$0.isPaused && !$0.hasEnded(at: now) } ?? false
        let ends = timer.flatMap { $0.isPaused ? nil : $0.endsAt }
        let snoozedUntil = pet.reminders.snoozedUntil.flatMap { $0 > now ? $0 : nil }
        var keys: [String: JSONTree] = [
            "name": .string(pet.identity.name), "stage": .string(pet.cycle.stage.rawValue),
            "finishes_at": ends.map(timestamp) ?? .null, "snoozed_until": snoozedUntil.map(timestamp) ?? .null,
            "running": .bool(running), "paused": .bool(timer?.isPaused ?? false),
            "health": .number(Double(pet.health(at: now))),
            // The load running, or the last one until a fold or a cancel: as the hook's LAUNDRY_LOAD_ID.
            "load_id": view.load.map { .string($0.id.lowercasedText) } ?? .null,
            "buttons": .array(Self.buttons.filter { $0.stages.contains(pet.cycle.stage) }.map { .string($0.press) }),
        ]
        if case .busy(let busy) = dryer {
            keys["dryer_busy"] = .bool(true)
            keys["dryer_free_at"] = busy.until.map(timestamp) ?? .null
        } else {
            (keys["dryer_busy"], keys["dryer_free_at"]) = (.bool(false), .null)
        }
        if let energyWh {
            keys["energy_wh"] = .number(energyWh)
            keys["plugs_silent"] = .bool(plugsSilent)
        }
        if let plan {
            keys[bestStart] = plan.plan.map { timestamp($0.washStartsAt) } ?? .null
            keys["plan"] = planAttributes(plan)
        }
        return .object(keys)
    }

    /// Beside the "best start" time: the dryer's start, the end, the cost against starting now, the finish planned for,
    /// and the stages whose energy nothing has measured (`unmeasured`, as `laundry plan --json`): the cost leaves them
    /// out, so a card can say that a metered washer's cost is not the dryer's too.
    private static func planAttributes(_ state: PlanState) -> JSONTree {
        guard let plan = state.plan else {
            return .object(["finish_by": state.finishBy.map { .string($0.description) } ?? .null])
        }
        return .object([
            "dry_starts_at": timestamp(plan.dryStartsAt), "ends_at": timestamp(plan.endsAt),
            "cost": plan.cost.map(JSONTree.number) ?? .null,
            "cost_if_started_now": plan.costIfStartedNow.map(JSONTree.number) ?? .null,
            "currency": state.currency.map(JSONTree.string) ?? .null,
            "finish_by": state.finishBy.map { .string($0.description) } ?? .null,
            "unmeasured": .array(plan.unmeasured.map { .string($0.rawValue) }),
        ])
    }

    /// Whole seconds, rounded up: a load is never shown ending before it does.
    private static func timestamp(_ date: Date) -> JSONTree {
        .string(Timestamp.formatSeconds(date.roundedUpToSecond))
    }
}

extension Date {
    fileprivate var roundedUpToSecond: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.up)) }
}
