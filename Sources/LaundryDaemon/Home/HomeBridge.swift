import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryRendering
import Logging

/// The pets on a broker for Home Assistant: discovery configs, state within a second, events, presses. One machine per
/// household bridges, others stay quiet while its retained marker says it is online. Loop-free: events are handed in.
public final class HomeBridge {
    public enum Role: Equatable, Sendable {
        /// Not connected (and why, when known).
        case down(BrokerProblem?)
        /// Connected, listening a moment for another machine's marker.
        case claiming
        case bridging
        /// Another machine bridges this household.
        case quiet(device: String, host: String)
    }

    public private(set) var role: Role = .down(nil)
    public let topics: HomeTopics
    private let link: any BrokerLink
    private let host: String
    private let version: String
    private let logger: Logger
    /// What each pet's state and timestamp topics last got, so an unchanged pet is not sent again.
    private var sent: [String: [UInt8]] = [:]
    /// A released pet's retained state, cleared once Home Assistant dropped its entities (sooner, templates failed).
    private var clearsDue: [(topic: String, at: Date)] = []
    public static let clearDelay: TimeInterval = 2
    /// When the next released pet's state is due to be cleared (`publish` then); nil while not bridging: they wait.
    public var nextClear: Date? { isBridging ? clearsDue.map(\.at).min() : nil }
    /// Pets whose configs are on the broker; a pet that leaves this set is removed there.
    private var announced: Set<UUID> = []
    private var pets: [UUID: Pet] = [:]
    /// Each pet's load as its state last said, so an event can name it.
    private var loads: [UUID: UUID] = [:]
    /// The marker another machine left, and whether that machine is online.
    private var marker: (device: String, host: String, pets: [String])?
    private var online: [String: Bool] = [:]
    private var loggedOnce: Set<String> = []
    /// A press, routed to the engine like a popup's: the pet, the press as Home Assistant sent it, the key, the person.
    public var onPress: ((UUID, String, String, Person) -> Void)?
    /// A message on a topic the bridge does not own (a plug's power).
    public var onOtherMessage: ((String, [UInt8], Bool) -> Void)?
    public var extraSubscriptions: [String] = []
    /// Each pet's energy measured by the plugs, in all; nil without a plug (no energy sensor).
    public var energyWh: [UUID: Double]?
    /// Plugs silent mid-run: the energy sensors are unavailable meanwhile.
    public var plugsSilent: Set<Appliance> = []
    /// Each pet's cheapest next-load plan (`laundry plan`, by `planFinishBy`); nil without prices; absent if none fits.
    public var plans: [UUID: LoadPlan]?
    public var planFinishBy: TimeOfDay?
    public var currency: String?

    public init(
        topics: HomeTopics, link: any BrokerLink, host: String, version: String, logger: Logger
    ) {
        self.topics = topics
        self.link = link
        self.host = host
        self.version = version
        self.logger = logger
    }

    public var isBridging: Bool { role == .bridging }

    public func handle(_ event: BrokerEvent) {
        switch event {
        case .connected:
            logger.info(
                "mqtt: connected; listening a moment for another machine that bridges", metadata: fact("connected"))
            role = .claiming
            sent = [:]
            for pattern in [topics.bridgeMarker, topics.anyAvailability, topics.homeAssistantStatus, topics.anyPress] {
                link.subscribe(pattern, retainAsPublished: true)
            }
            // A plug that retains its readings still reports live ones as they come.
            for pattern in extraSubscriptions { link.subscribe(pattern, retainAsPublished: false) }
        case .failed(let problem), .disconnected(let problem):
            let was = role
            role = .down(problem)
            if case .down(let before) = was, before == problem { return }
            logger.warning(
                "mqtt: \(BrokerProblemText.line(problem)); trying again",
                metadata: fact("down", ["problem": "\(caseName(problem))"]))
        case .message(let topic, let payload, let retained):
            received(topic, payload, retained: retained)
        }
    }

    /// The moment of listening is over: bridge, unless another machine does.
    public func claimTimeUp(pets current: [PetState], at now: Date) {
        guard role == .claiming else { return }
        if let marker, marker.device != topics.device, online[marker.device] != false {
            role = .quiet(device: marker.device, host: marker.host)
            let bridge = "\(marker.host) (device \(marker.device))"
            logger.info(
                "mqtt: \(bridge) bridges this household to Home Assistant; this machine stays quiet",
                metadata: fact("quiet", ["bridge": "\(marker.device)"]))
            return
        }
        becomeBridge(pets: current, at: now)
    }

    private func becomeBridge(pets current: [PetState], at now: Date) {
        role = .bridging
        link.publish(topics.ownAvailability, Array("online".utf8), retained: true)
        // Pets an earlier bridge put on the dashboard that are gone now are taken off it.
        let gone = Set((marker?.pets ?? []).compactMap { UUID(uuidString: $0) }).subtracting(current.map(\.pet.id))
        for id in gone { remove(id, at: now) }
        announced = []
        sent = [:]
        publish(current, at: now)
        let line = Words.count(
            current.count, "mqtt: bridging {count} pet to Home Assistant under {prefix}/",
            "mqtt: bridging {count} pets to Home Assistant under {prefix}/", ["prefix": topics.prefix])
        logger.info("\(line)", metadata: fact("bridging", ["pets": "\(current.count)", "prefix": "\(topics.prefix)"]))
    }

    private func received(_ topic: String, _ payload: [UInt8], retained: Bool) {
        if topic == topics.bridgeMarker { return markerSeen(payload) }
        if topic.hasPrefix(topics.prefix + "/availability/") {
            let device = String(topic.dropFirst((topics.prefix + "/availability/").count))
            let state = String(decoding: payload.prefix(16), as: UTF8.self)
            online[device] = state == "online"
            if case .quiet(let other, _) = role, other == device, state != "online" {
                logger.info(
                    "mqtt: the bridging machine went offline; this machine takes over",
                    metadata: fact("takeOver", ["because": "offline"]))
                role = .claiming
                marker = nil
                needsClaim = true
            }
            return
        }
        if topic == topics.homeAssistantStatus {
            if isBridging, String(decoding: payload.prefix(16), as: UTF8.self) == "online" {
                logger.info(
                    "mqtt: Home Assistant is online; sending the pets' configs again",
                    metadata: fact("homeAssistantOnline"))
                announced = []
                sent = [:]
            }
            return
        }
        if let pet = topics.pet(pressedAt: topic) { return pressed(pet, payload, retained: retained) }
        // A topic config.json names (a plug's, the price's) is read wherever it lives.
        if extraSubscriptions.contains(topic), let onOtherMessage { return onOtherMessage(topic, payload, retained) }
        if topic.hasPrefix(topics.prefix + "/") || topic.hasPrefix(topics.discovery + "/") { return }
        if let onOtherMessage { return onOtherMessage(topic, payload, retained) }
        logOnce(
            "topic \(topic)", "mqtt: ignored a message on \(topic), which laundry does not read", ["topic": "\(topic)"])
    }

    /// A takeover needs the bridge claimed and everything sent again (the daemon calls `publish` after each event).
    public private(set) var needsClaim = false

    private func markerSeen(_ payload: [UInt8]) {
        guard !payload.isEmpty else {
            marker = nil
            if case .quiet = role {
                logger.info(
                    "mqtt: the bridging machine stopped; this machine takes over",
                    metadata: fact("takeOver", ["because": "stopped"]))
                role = .claiming
                needsClaim = true
            }
            return
        }
        guard payload.count <= 64 * 1024, let seen = try? JSONDecoder().decode(Marker.self, from: Data(payload)) else {
            return logOnce(
                "marker", "mqtt: \(topics.bridgeMarker) holds something that is not laundry's marker; ignored",
                ["topic": "\(topics.bridgeMarker)"])
        }
        marker = (seen.device, seen.host, seen.pets ?? [])
        guard seen.device != topics.device else { return }
        if isBridging, seen.device < topics.device {
            // Two machines claimed at once: the lower device id bridges, the other stays quiet.
            role = .quiet(device: seen.device, host: seen.host)
            logger.info(
                "mqtt: \(seen.host) claimed the bridge at the same time and keeps it; this machine stays quiet",
                metadata: fact("quiet", ["bridge": "\(seen.device)"]))
        } else if isBridging {
            publishMarker()
        }
    }

    private struct Marker: Codable {
        let device: String
        let host: String
        let pets: [String]?
    }

    private func publishMarker() {
        let marker = Marker(device: topics.device, host: host, pets: announced.map(\.lowercasedText).sorted())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        link.publish(topics.bridgeMarker, (try? Array(encoder.encode(marker))) ?? [], retained: true)
    }

    private func pressed(_ petText: String, _ payload: [UInt8], retained: Bool) {
        guard isBridging else { return }
        guard !retained else {
            // An empty one is someone clearing a retained press: nothing to say.
            if payload.isEmpty { return }
            // A press left retained would fire again on every reconnect.
            return logOnce(
                "retained \(petText)",
                "mqtt: ignored a retained press for pet \(petText) (presses must not be retained)",
                ["press": "retained", "petId": "\(petText)"])
        }
        guard let id = UUID(uuidString: petText), pets[id] != nil else {
            return logOnce(
                "unknown \(petText)",
                "mqtt: ignored a press for \(petText.prefix(64)), which is no pet of this household",
                ["press": "unknownPet", "petId": "\(petText.prefix(64))"])
        }
        let (key, person) = Self.press(payload)
        guard HomeDevice.buttons.contains(where: { $0.press == key }) else {
            return logOnce(
                "press \(key.prefix(64))",
                "mqtt: ignored the press '\(key.prefix(64))'; the buttons are "
                    + HomeDevice.buttons.map(\.press).joined(separator: ", ")
                    + #", or {"press": …, "by": "<person>"}"#,
                ["press": "unknownButton", "button": "\(key.prefix(64))"])
        }
        onPress?(id, key, key == HomeDevice.gotIt ? ButtonKey.click.rawValue : key, person ?? .homeAssistant)
    }

    /// A button's own payload (`dry`), or what an automation publishes to say who pressed:
    /// `{"press": "dry", "by": "Ana"}` (a `by` that is no name is left out).
    static func press(_ payload: [UInt8]) -> (key: String, person: Person?) {
        guard payload.count <= 256, payload.first == UInt8(ascii: "{"),
            let object = try? JSONDecoder().decode([String: String].self, from: Data(payload)),
            let key = object["press"]
        else { return (String(decoding: payload.prefix(64), as: UTF8.self), nil) }
        return (key, object["by"].flatMap(DaemonConfig.person).map { Person($0) })
    }

    /// After every event: configs for new pets, removal for released ones, each pet's state if it changed.
    public func publish(_ current: [PetState], at now: Date) {
        if needsClaim {
            needsClaim = false
            return becomeBridge(pets: current, at: now)
        }
        guard isBridging else { return }
        let ids = Set(current.map(\.pet.id))
        let gone = announced.subtracting(ids)
        for id in gone { remove(id, at: now) }
        clearDueStates(at: now, keeping: ids)
        // The marker lists the pets bridged: a released one leaves it now, not at the next start.
        var markerChanged = !gone.isEmpty
        // The household's one dryer, read once for every pet: a wet load says when it frees up.
        let dryer = Dryer(among: current, at: now)
        for view in current {
            let id = view.pet.id
            if !announced.contains(id) || pets[id]?.identity != view.pet.identity {
                sendConfigs(view.pet)
                markerChanged = markerChanged || !announced.contains(id)
                announced.insert(id)
            }
            pets[id] = view.pet
            loads[id] = view.load?.id
            let plan = plans.map { plans in
                HomeDevice.PlanState(plan: plans[id], finishBy: planFinishBy, currency: currency)
            }
            let state = HomeDevice.state(
                of: view, at: now, energyWh: energyWh.map { $0[id] ?? 0 }, plugsSilent: !plugsSilent.isEmpty,
                plan: plan, dryer: dryer.wait(for: view))
            // A timestamp topic keeps its last time when there is none: the state says it is gone.
            for object in HomeDevice.timestamps.map(\.object) + [HomeDevice.bestStart] {
                if case .object(let keys) = state, case .string(let time) = keys[object] {
                    send(topics.timestamp(id, object), Array(time.utf8))
                }
            }
            send(topics.state(id), state.bytes)
        }
        if markerChanged || announced.count != ids.count || marker?.device != topics.device { publishMarker() }
        marker = (topics.device, host, announced.map(\.lowercasedText))
    }

    private func send(_ topic: String, _ bytes: [UInt8]) {
        guard sent[topic] != bytes else { return }
        link.publish(topic, bytes, retained: true)
        sent[topic] = bytes
    }

    /// An event about `load` (else the pet's current one), so a phone can clear that load's notification by its tag.
    public func event(_ pet: UUID, _ type: String, load: UUID? = nil) {
        guard isBridging, announced.contains(pet) else { return }
        var payload: [String: JSONTree] = ["event_type": .string(type)]
        if let load = load ?? loads[pet] { payload["load_id"] = .string(load.lowercasedText) }
        link.publish(topics.event(pet), JSONTree.object(payload).bytes, retained: false)
    }

    /// A refused press (stage moved since the button showed): event `refused`, press and reason (daemon's language).
    public func refused(_ pet: UUID, press: String, reason: String) {
        guard isBridging, announced.contains(pet) else { return }
        let payload = JSONTree.object([
            "event_type": .string("refused"), "button": .string(press), "reason": .string(reason),
        ])
        link.publish(topics.event(pet), payload.bytes, retained: false)
    }

    /// The daemon stops cleanly: the entities become unavailable and another machine may take over.
    public func goodbye() {
        guard isBridging else { return }
        for due in clearsDue { link.publish(due.topic, [], retained: true) }
        clearsDue = []
        link.publish(topics.bridgeMarker, [], retained: true)
        link.publish(topics.ownAvailability, Array("offline".utf8), retained: true)
    }

    private func sendConfigs(_ pet: Pet) {
        let entities = HomeDevice.entities(
            of: pet, topics: topics, version: version, metered: energyWh != nil, planned: plans != nil)
        for entity in entities {
            link.publish(
                topics.config(entity.component, pet: pet.id, object: entity.object), entity.payload.bytes,
                retained: true)
        }
        // A sensor a former set-up offered (a plug, a tariff) goes with it: an empty retained config.
        for (component, object) in HomeDevice.objects where !entities.contains(where: { $0.object == object }) {
            link.publish(topics.config(component, pet: pet.id, object: object), [], retained: true)
        }
    }

    /// A released pet leaves Home Assistant (empty retained configs); its retained state goes `clearDelay` later.
    private func remove(_ id: UUID, at now: Date) {
        for (component, object) in HomeDevice.objects {
            link.publish(topics.config(component, pet: id, object: object), [], retained: true)
        }
        for topic in stateTopics(of: id) {
            sent[topic] = nil
            clearsDue.append((topic, now.addingTimeInterval(Self.clearDelay)))
        }
        announced.remove(id)
        pets[id] = nil
        loads[id] = nil
        logger.info(
            "mqtt: pet \(id.lowercasedText) is gone; its device is removed from Home Assistant",
            metadata: fact("removed", ["petId": "\(id.lowercasedText)"]))
    }

    /// Clears the retained states now due; a pet back on the dashboard (a release undone elsewhere) keeps its own.
    private func clearDueStates(at now: Date, keeping current: Set<UUID>) {
        let live = Set(current.flatMap(stateTopics))
        clearsDue.removeAll { live.contains($0.topic) }
        for due in clearsDue where due.at <= now { link.publish(due.topic, [], retained: true) }
        clearsDue.removeAll { $0.at <= now }
    }

    private func stateTopics(of pet: UUID) -> [String] {
        [topics.state(pet)]
            + (HomeDevice.timestamps.map(\.object) + [HomeDevice.bestStart]).map {
                topics.timestamp(pet, $0)
            }
    }

    /// A warning about what came from the broker, once per `key`: a payload repeated on every reconnect is one line.
    private func logOnce(_ key: String, _ line: String, _ facts: Logger.Metadata) {
        guard loggedOnce.count < 1000, loggedOnce.insert(key).inserted else { return }
        logger.warning("\(line)", metadata: fact("ignored", facts))
    }

    /// A log line's facts: surface `mqtt`, what happened, and its details.
    private func fact(_ event: String, _ more: Logger.Metadata = [:]) -> Logger.Metadata {
        more.merging(["surface": "mqtt", "event": "\(event)"]) { $1 }
    }
}

extension HomeBridge.Role {
    var problem: BrokerProblem? {
        if case .down(let problem) = self { return problem }
        return nil
    }
}
