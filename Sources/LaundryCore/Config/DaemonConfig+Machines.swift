/// config.json's `"homeAssistant"` and what an appliance follows besides its plug: its entities, a door's topic.
extension DaemonConfig {
    static let machineKeys = ["homeAssistant", "doorTopic", "doorField"]

    static func homeAssistant(_ reader: SettingsReader) throws -> HomeAssistantSettings {
        try reader.rejectUnknownKeys(["url", "tokenFile"])
        let expectedURL = ConfigValue.oneOf([#""https://host:8123""#, #""http://host:8123""#])
        guard let url = try reader.string("url", expected: expectedURL) else {
            throw ConfigProblem.missingKey(reader.name("url"), example: #""https://homeassistant.local:8123""#)
        }
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), url.count > 8, UnsafeText.isSafe(url),
            !url.contains(" ")
        else { throw ConfigProblem.outOfRange(key: reader.name("url"), value: url, allowed: expectedURL) }
        let path = ConfigValue.filePath(example: #""~/.config/laundry/home-assistant-token""#)
        guard let tokenFile = try reader.string("tokenFile", expected: path) else {
            throw ConfigProblem.missingKey(
                reader.name("tokenFile"), example: #""~/.config/laundry/home-assistant-token""#)
        }
        return HomeAssistantSettings(url: url, tokenFile: tokenFile)
    }

    /// An appliance's `"homeAssistant"`: a preset and the device its entity ids start with, or the entities one by one.
    static func machine(_ reader: SettingsReader, _ appliance: Appliance) throws -> MachineSettings {
        let roles = ["state", "end", "remaining", "phase", "door", "energy"]
        try reader.rejectUnknownKeys(["preset", "device", "running", "paused", "finished", "alsoDries"] + roles)
        let preset: MachinePreset = try reader.choice("preset") ?? .custom
        let deviceExample = ConfigValue.shortText(example: #""washer""#)
        var entities = MachineEntities()
        if preset != .custom {
            guard let device = try reader.string("device", expected: deviceExample) else {
                throw ConfigProblem.missingKey(reader.name("device"), example: #""washer""#)
            }
            guard Self.isObjectID(device) else {
                throw ConfigProblem.outOfRange(key: reader.name("device"), value: device, allowed: deviceExample)
            }
            entities = preset.entities(device: device, appliance: appliance)
        }
        let entity = ConfigValue.shortText(example: #""sensor.washer_operation_state""#)
        for role in roles {
            guard let id = try reader.string(role, expected: entity) else { continue }
            guard Self.isEntityID(id) else {
                throw ConfigProblem.outOfRange(key: reader.name(role), value: id, allowed: entity)
            }
            switch role {
            case "state": entities.state = [id]
            case "end": entities.end = [id]
            case "remaining": entities.remaining = [id]
            case "phase": entities.phase = [id]
            case "energy": entities.energy = [id]
            default: entities.door = [id]
            }
        }
        guard !entities.state.isEmpty else {
            throw ConfigProblem.missingKey(reader.name("state"), example: #""sensor.washer_state""#)
        }
        var machine = MachineSettings(preset: preset, entities: entities)
        if let running = try reader.strings("running") { machine.states.running = Set(running.map { $0.lowercased() }) }
        if let paused = try reader.strings("paused") { machine.states.paused = Set(paused.map { $0.lowercased() }) }
        if let finished = try reader.strings("finished") {
            machine.states.finished = Set(finished.map { $0.lowercased() })
        }
        // A custom machine that names no finished state finishes when a run stops (an on/off template).
        if preset == .custom, machine.states.finished.isEmpty { machine.states.stopFinishes = true }
        machine.alsoDries = try reader.flag("alsoDries") ?? false
        if machine.alsoDries, appliance == .dryer {
            throw ConfigProblem.outOfRange(
                key: reader.name("alsoDries"), value: "true", allowed: .oneOf(["false (set it on the washer)"]))
        }
        return machine
    }

    static func door(_ reader: SettingsReader) throws -> DoorTopic? {
        let example = #""zigbee2mqtt/washer_door""#
        guard let topic = try reader.string("doorTopic", expected: .topic(example: example)) else { return nil }
        guard TopicText.isPlainTopic(topic) else {
            throw ConfigProblem.outOfRange(
                key: reader.name("doorTopic"), value: topic, allowed: .plainTopic(example: example))
        }
        var door = DoorTopic(topic: topic)
        let dotted = ConfigValue.dottedPath(example: #""contact""#)
        if let field = try reader.string("doorField", expected: dotted) {
            let parts = field.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !parts.contains(where: \.isEmpty) else {
                throw ConfigProblem.outOfRange(key: reader.name("doorField"), value: field, allowed: dotted)
            }
            door.field = parts
        }
        return door
    }

    /// `sensor.washer_door`: a domain and an object id, lower-case letters, digits and underscores.
    static func isEntityID(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { isObjectID(String($0)) }
    }

    static func isObjectID(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 200
            && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}
