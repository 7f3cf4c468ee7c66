import FoundationEssentials
import LaundryCore
import LaundryStore

/// Why the daemon could not keep this computer from suspending.
public enum KeepAwakeProblem: Codable, Equatable, Sendable {
    case noSessionBus
    /// No portal, gnome-session or PowerManagement on the session bus.
    case noDesktop
    /// Each interface asked, with the error it answered (D-Bus names and messages, as the desktop gave them).
    case refused([String])

    /// In English, for the daemon's log.
    public var english: String {
        switch self {
        case .noSessionBus: return "no session bus"
        case .noDesktop:
            return "no desktop answers for a suspend inhibitor (no portal, gnome-session or PowerManagement)"
        case .refused(let tried): return "no desktop took a suspend inhibitor (\(tried.joined(separator: "; ")))"
        }
    }

    /// The log's fact (`because`).
    public var key: String {
        switch self {
        case .noSessionBus: return "noSessionBus"
        case .noDesktop: return "noDesktop"
        case .refused: return "refused"
        }
    }
}

/// What a running daemon says about itself in `daemon.json`, for `laundry daemon status`.
public struct DaemonStatus: Codable, Equatable, Sendable {
    /// The file's format (0.1.0 wrote none: 1).
    public static let currentSchemaVersion = 1
    public var schemaVersion: Int? = DaemonStatus.currentSchemaVersion
    public var pid: Int32
    public var startedAt: Date
    public var home: String
    public var pets: Int
    public var timersArmed: Int
    public var nextDeadline: Date?
    public var server: String?
    public var serverCapabilities: [String]
    /// The quiet hours the daemon runs with (`22:00`, `07:00`), as it read them.
    public var quietFrom: String?
    public var quietTo: String?
    /// Suspend inhibition: the interface holding it (nil: none), why, until when, and why none could be taken.
    public var awake: Awake?
    /// Whether logind's delay lock on sleep is held (so the phone hears before a sleep).
    public var sleepDelayLock = false
    /// The broker connection for Home Assistant, when config.json names one.
    public var broker: Broker?
    /// The laundry version the daemon runs (an upgrade leaves an older one running).
    public var version: String?
    /// `dnd` (`quiet`/`ring`) and which desktop last said do-not-disturb is on (nil: off); old daemons omit both.
    public var dnd: String?
    public var doNotDisturb: String?
    /// The CalDAV calendar loads are written to, when config.json names one, and why not now (nil while it writes).
    public var calendar: Calendar?
    /// The Home Assistant whose entities tell what the machines do, when config.json names one.
    public var homeAssistant: HomeAssistant?
    /// The tray icon (nil from a daemon older than it).
    public var tray: Tray?

    /// Whether a panel shows the tray icon, the watcher's program (`waybar`, `gnome-shell`) and why it did not take it.
    public struct Tray: Codable, Equatable, Sendable {
        public enum State: String, Codable, Sendable {
            /// Registered with a panel's watcher.
            case shown
            /// No panel on the session bus hosts tray icons (no `org.kde.StatusNotifierWatcher`).
            case noWatcher
            /// The watcher answered the registration with `problem`; tried again when a watcher appears.
            case refused
            /// `"tray": false` in config.json.
            case off
        }

        public var state: State
        public var watcher: String?
        public var problem: String?

        public init(state: State, watcher: String? = nil, problem: String? = nil) {
            self.state = state
            self.watcher = watcher
            self.problem = problem
        }
    }

    public struct HomeAssistant: Codable, Equatable, Sendable {
        public var url: String
        /// `connected`, `connecting` or `down` (then `problem`, and when it is tried again).
        public var state = "connecting"
        public var version: String?
        public var problem: HomeAssistantProblem?
        public var retryAt: Date?
        public var machines: [Machine] = []

        public init(url: String) { self.url = url }

        /// One appliance as its entities tell it.
        public struct Machine: Codable, Equatable, Sendable {
            public var appliance: Appliance
            public var preset: String
            /// Every entity it follows, and those that have a value now.
            public var entities: [String]
            public var heard: [String]
            /// `idle`, `running`, `paused`, `finished`, `failed`, or `unknown` (no word: laundry's own timer is used).
            public var activity: String
            public var endsAt: Date?
            public var phase: String?
            public var doorOpen: Bool?

            public init(
                appliance: Appliance, preset: String, entities: [String], heard: [String], activity: String,
                endsAt: Date?, phase: String?, doorOpen: Bool?
            ) {
                self.appliance = appliance
                self.preset = preset
                self.entities = entities
                self.heard = heard
                self.activity = activity
                self.endsAt = endsAt
                self.phase = phase
                self.doorOpen = doorOpen
            }

            /// Nothing it says is heard now: its load runs on laundry's own timer.
            public var usesOwnTimer: Bool { activity == "unknown" }
        }
    }

    public struct Calendar: Codable, Equatable, Sendable {
        public var url: String
        public var problem: CalendarProblem?

        public init(url: String, problem: CalendarProblem?) {
            self.url = url
            self.problem = problem
        }
    }

    public struct Broker: Codable, Equatable, Sendable {
        /// `bridging`, `quiet` (another machine bridges), `connecting`, or `down`.
        public var role: String
        public var url: String
        /// The host of the machine that bridges instead (a daemon before typed problems: why it is down, in English).
        public var detail: String?
        public var problem: BrokerProblem?
        /// Appliances whose plug says they run now.
        public var appliancesRunning: [String]
        /// Appliances drawing power after their plug ended the load (an anti-crease tail).
        public var appliancesTumbling: [String]?
        /// Plugs silent past their staleness bound while their appliance runs.
        public var plugsSilent: [String]?

        public init(
            role: String, url: String, detail: String?, problem: BrokerProblem? = nil, appliancesRunning: [String],
            appliancesTumbling: [String] = [], plugsSilent: [String] = []
        ) {
            self.role = role
            self.url = url
            self.detail = detail
            self.problem = problem
            self.appliancesRunning = appliancesRunning
            self.appliancesTumbling = appliancesTumbling
            self.plugsSilent = plugsSilent
        }
    }

    public struct Awake: Codable, Equatable, Sendable {
        public var through: String?
        public var reason: String?
        public var until: Date?
        /// Why none could be taken, in English (what a daemon before `why` wrote; the log's words).
        public var problem: String?
        /// Why none could be taken, for `daemon status` to say in the reader's words.
        public var why: KeepAwakeProblem?

        public init(through: String?, reason: String?, until: Date?, problem: String?, why: KeepAwakeProblem? = nil) {
            self.through = through
            self.reason = reason
            self.until = until
            self.problem = problem
            self.why = why
        }
    }

    public var quietHours: QuietHours? {
        guard let from = quietFrom.flatMap(TimeOfDay.init), let to = quietTo.flatMap(TimeOfDay.init) else { return nil }
        return QuietHours(from: from, to: to)
    }

    public init(
        pid: Int32, startedAt: Date, home: String, pets: Int, timersArmed: Int, nextDeadline: Date?,
        server: String?, serverCapabilities: [String], quietHours: QuietHours? = nil, awake: Awake? = nil,
        sleepDelayLock: Bool = false, broker: Broker? = nil, version: String? = nil
    ) {
        self.broker = broker
        self.version = version
        self.awake = awake
        self.sleepDelayLock = sleepDelayLock
        quietFrom = quietHours?.from.description
        quietTo = quietHours?.to.description
        self.pid = pid
        self.startedAt = startedAt
        self.home = home
        self.pets = pets
        self.timersArmed = timersArmed
        self.nextDeadline = nextDeadline
        self.server = server
        self.serverCapabilities = serverCapabilities
    }

    public func write(to path: String) {
        guard let data = try? JSONCoding.encoder().encode(self) else { return }
        try? StoreFiles.writeAtomically(data, to: path)
    }

    public static func read(from path: String) -> DaemonStatus? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONCoding.decoder().decode(DaemonStatus.self, from: data)
    }
}
