/// config.json's `"homeAssistant"` entry of a washer or dryer (`appliances`): the entities that tell what it does.
public struct MachineSettings: Equatable, Sendable {
    public var preset: MachinePreset
    public var entities: MachineEntities
    public var states: MachineStateWords
    /// A washer-dryer: one machine that runs the dryer stage too (configured on the washer).
    public var alsoDries = false

    public init(preset: MachinePreset, entities: MachineEntities, states: MachineStateWords? = nil) {
        self.preset = preset
        self.entities = entities
        self.states = states ?? preset.states
    }
}

/// config.json's `"homeAssistant"`: the one Home Assistant laundryd follows appliances through.
public struct HomeAssistantSettings: Equatable, Sendable {
    /// `https://host:8123` or `http://…` (allowed, with a warning: the token travels in clear).
    public var url: String
    /// A long-lived access token, alone in a file only its owner may read.
    public var tokenFile: String

    public init(url: String, tokenFile: String) {
        self.url = url
        self.tokenFile = tokenFile
    }

    public var usesTLS: Bool { url.lowercased().hasPrefix("https://") }

    /// Plain `http` to another machine: the token crosses the network unencrypted (to this machine's own, it does not).
    public var sendsTokenInClear: Bool {
        guard !usesTLS else { return false }
        let rest = url.dropFirst("http://".count)
        let host =
            rest.hasPrefix("[")
            ? String(rest.prefix { $0 != "]" }.dropFirst()) : String(rest.prefix { $0 != ":" && $0 != "/" })
        return !(host == "localhost" || host.hasPrefix("127.") || host == "::1")
    }
}
