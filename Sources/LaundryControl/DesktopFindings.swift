import FoundationEssentials
import LaundryCore

/// What `laundryd probe` found on the session bus, for `laundry doctor` (which links no GLib and asks laundryd): the
/// notification server, and the desktop interfaces that could keep this computer awake, in the order the daemon asks.
public struct DesktopFindings: Codable, Equatable, Sendable {
    public var server: ServerInfo?
    public var suspendInhibitors: [String]
    /// The desktops whose do-not-disturb answers here, and the one that says it is on (nil: off).
    public var doNotDisturbReadable: [String] = []
    public var doNotDisturb: String?
    /// Whether a job view server (KDE Plasma's progress list) is on the bus.
    public var jobViewServer = false

    public init(server: ServerInfo?, suspendInhibitors: [String]) {
        self.server = server
        self.suspendInhibitors = suspendInhibitors
    }

    /// What a laundryd older than these fields answered still reads (they are then unknown).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        server = try container.decodeIfPresent(ServerInfo.self, forKey: .server)
        suspendInhibitors = try container.decode([String].self, forKey: .suspendInhibitors)
        doNotDisturbReadable = try container.decodeIfPresent([String].self, forKey: .doNotDisturbReadable) ?? []
        doNotDisturb = try container.decodeIfPresent(String.self, forKey: .doNotDisturb)
        jobViewServer = try container.decodeIfPresent(Bool.self, forKey: .jobViewServer) ?? false
    }

    public static func probe(environment: [String: String]) throws(DaemonError) -> DesktopFindings {
        try DaemonProgram.answer(["probe"], environment: environment)
    }
}

/// What `laundryd notify-test` did: the sound (nil: played or not asked), the server that took it, how the hook ended.
public struct NotifyTrialReport: Codable, Equatable, Sendable {
    public var soundFailure: String?
    public var server: ServerInfo?
    public var posted: Bool
    public var hook: HookOutcome?

    public init(soundFailure: String?, server: ServerInfo?, posted: Bool, hook: HookOutcome?) {
        self.soundFailure = soundFailure
        self.server = server
        self.posted = posted
        self.hook = hook
    }

    /// Has laundryd post a test notification (and play the sound, with `sound`) and run the hook.
    public static func run(sound: Bool, environment: [String: String]) throws(DaemonError) -> NotifyTrialReport {
        try DaemonProgram.answer(["notify-test"] + (sound ? ["--sound"] : []), environment: environment)
    }
}
