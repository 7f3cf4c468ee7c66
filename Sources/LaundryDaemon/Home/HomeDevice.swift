import FoundationEssentials
import LaundryCore
import LaundryRendering

/// One pet as a Home Assistant device: the discovery configs of its entities and its state.
/// State values and event types are English keys, as `--json` gives them; the names people see
/// on the dashboard are in their language.
public enum HomeDevice {
    public struct Entity: Equatable, Sendable {
        public let component: String
        public let object: String
        public let payload: HomeJSON
    }

    /// The buttons a popup may offer, as Home Assistant presses them: (object, payload, label).
    public static let buttons: [(object: String, press: String, label: @Sendable () -> String)] = [
        ("dry", ButtonKey.dry.rawValue, { Words.text("Start dryer") }),
        ("air_dry", ButtonKey.airDry.rawValue, { Words.text("Air-dry") }),
        ("fold", ButtonKey.fold.rawValue, { Words.text("Fold") }),
        ("more_dry", ButtonKey.moreDry.rawValue, { Words.text("Dry 10 more min") }),
        ("snooze", ButtonKey.snooze.rawValue, { Words.text("Snooze 10 min") }),
        ("got_it", gotIt, { Words.text("Got it") }),
    ]
    /// The press that only acknowledges (a click on the popup).
    public static let gotIt = "got-it"
    public static let eventTypes = ["finished", "acknowledged", "reminder", "warning"]
    /// Every entity's object id, so a released pet's can all be removed.
    public static let objects: [(component: String, object: String)] =
        [
            ("sensor", "stage"), ("sensor", "finishes_at"), ("binary_sensor", "running"), ("sensor", "health"),
            ("event", "event"),
        ] + buttons.map { ("button", $0.object) }

    /// Every entity of the pet, with its discovery config.
    public static func entities(of pet: Pet, topics: HomeTopics, version: String) -> [Entity] {
        func entity(_ component: String, _ object: String, _ name: String, _ keys: [String: HomeJSON]) -> Entity {
            Entity(
                component: component, object: object,
                payload: config(of: pet, object: object, name: name, keys, topics: topics, version: version))
        }
        let state = topics.state(pet.id)
        var list = [
            entity(
                "sensor", "stage", Words.text("Stage"),
                [
                    "state_topic": .string(state), "value_template": .string("{{ value_json.stage }}"),
                    "device_class": .string("enum"),
                    "options": .list(Stage.allCases.map { .string($0.rawValue) }),
                    "icon": .string("mdi:washing-machine"),
                ]),
            entity(
                "sensor", "finishes_at", Words.text("Finishes at"),
                [
                    "state_topic": .string(state), "value_template": .string("{{ value_json.finishes_at }}"),
                    "device_class": .string("timestamp"),
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
                    "event_types": .list(Self.eventTypes.map { .string($0) }),
                ]),
        ]
        for button in Self.buttons {
            list.append(
                entity(
                    "button", button.object, button.label(),
                    ["command_topic": .string(topics.press(pet.id)), "payload_press": .string(button.press)]))
        }
        return list
    }

    private static func config(
        of pet: Pet, object: String, name: String, _ keys: [String: HomeJSON], topics: HomeTopics, version: String
    ) -> HomeJSON {
        let node = HomeTopics.node(pet.id)
        var payload = keys
        payload["name"] = .string(name)
        payload["unique_id"] = .string("laundry_\(node)_\(object)")
        payload["availability_topic"] = .string(topics.ownAvailability)
        payload["device"] = .object([
            "identifiers": .list([.string("laundry_\(node)")]), "name": .string(pet.name),
            "manufacturer": .string("laundry"), "model": .string(pet.kind), "sw_version": .string(version),
        ])
        payload["origin"] = .object(["name": .string("laundry"), "sw_version": .string(version)])
        return .object(payload)
    }

    /// The pet's state, retained on its state topic: one message feeds every sensor.
    public static func state(of view: PetState, at now: Date) -> HomeJSON {
        let pet = view.pet
        let timer = view.liveTimer
        let running = timer.map { !$0.isPaused && !$0.hasEnded(at: now) } ?? false
        let ends = timer.flatMap { $0.isPaused ? nil : $0.endsAt }
        return .object([
            "name": .string(pet.name), "stage": .string(pet.stage.rawValue),
            // Whole seconds, rounded up: a load is never shown ending before it does.
            "finishes_at": ends.map { .string(Timestamp.formatSeconds($0.roundedUpToSecond)) } ?? .null,
            "running": .bool(running), "paused": .bool(timer?.isPaused ?? false),
            "health": .number(Double(pet.health(at: now))),
        ])
    }
}

extension Date {
    fileprivate var roundedUpToSecond: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.up)) }
}
