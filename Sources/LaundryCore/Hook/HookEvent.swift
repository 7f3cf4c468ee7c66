import FoundationEssentials

/// What the user's hook (`config.json` `"hook"`) is told about one event: in its environment and as JSON on stdin.
public struct HookEvent: Equatable, Sendable, Encodable {
    /// `washDone`, `dryDone`, `extraDryDone`, `headsUp`, `warning`, `reminder`, `dryerFree`, `loadStarted`,
    /// `loadChanged`, `loadStopped`, `sleeping` or `test`.
    public let event: String
    /// Nil for `test` and `sleeping`, which are about no one pet.
    public let petID: UUID?
    public let petName: String
    public let summary: String
    public let body: String
    /// The command that deals with it (`laundry dry Socks`), empty when none does.
    public let command: String
    /// The washer's or dryer's run it is about (a finish, heads-up, start, change or stop), so a phone can replace,
    /// move or withdraw it.
    public var load: Load?
    /// `sleeping`: every load still running, each with its end.
    public var running: [Load] = []
    /// `loadStarted`: what the finish will say, for a phone to show at the end if this computer sleeps or is off.
    public var due: Due?
    /// `loadChanged`: `moved` (a new end), `paused` (no end), or `finished` (ended now; its finish is told next).
    public var change: String?
    /// About a wet load (a wash's finish, a reminder to move it, the dryer freed): what the household's dryer does.
    public var dryer: DryerNews?

    /// The dryer as a wet load's event tells it: busy with another pet's load, and when it frees (nil: paused, or
    /// free); for `dryerFree`, when it freed.
    public struct DryerNews: Equatable, Sendable {
        public let busy: Bool
        public let freeAt: Date?

        public init(busy: Bool, freeAt: Date?) {
            self.busy = busy
            self.freeAt = freeAt
        }

        /// Whole seconds, rounded up as a load's end is.
        var freeAtUnix: Double? { freeAt.map { $0.timeIntervalSince1970.rounded(.up) } }
        var freeAtText: String? { freeAtUnix.map { Timestamp.formatSeconds(Date(timeIntervalSince1970: $0)) } }
    }

    public struct Due: Equatable, Sendable, Encodable {
        public let summary: String
        public let body: String

        public init(summary: String, body: String) {
            self.summary = summary
            self.body = body
        }
    }

    /// One washer's or dryer's run and when it ends (for a stopped one, when it would have). `id` is the run's, as
    /// history's `timerId` names it (each run has its own push on a phone); `loadID` the load's it belongs to, as
    /// `loads`, history's `loadId` and `status --json` name it (a wash's run has its load's id; nil where not found).
    public struct Load: Equatable, Sendable, Encodable {
        public let id: UUID
        public var loadID: UUID?
        public let petID: UUID
        public let petName: String
        public let endsAt: Date
        /// A paused load has no end: the hook is told none.
        public var isPaused = false

        public init(
            id: UUID, loadID: UUID? = nil, petID: UUID, petName: String, endsAt: Date, isPaused: Bool = false
        ) {
            self.id = id
            self.loadID = loadID
            self.petID = petID
            self.petName = petName
            self.endsAt = endsAt
            self.isPaused = isPaused
        }

        /// `2026-11-20T15:20:00Z`: whole seconds, rounded up, so nothing is told before the end.
        public var endsAtText: String { Timestamp.formatSeconds(Date(timeIntervalSince1970: endsAtUnix)) }
        public var endsAtUnix: Double { endsAt.timeIntervalSince1970.rounded(.up) }

        enum CodingKeys: String, CodingKey {
            case id = "timerId"
            case loadID = "loadId"
            case petID = "petId"
            case petName, endsAt
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id.lowercasedText, forKey: .id)
            try container.encode(loadID?.lowercasedText, forKey: .loadID)
            try container.encode(petID.lowercasedText, forKey: .petID)
            try container.encode(petName, forKey: .petName)
            try container.encode(isPaused ? nil : endsAtText, forKey: .endsAt)
        }
    }

    public init(
        event: String, petID: UUID?, petName: String, summary: String, body: String, command: String,
        load: Load? = nil, running: [Load] = [], due: Due? = nil, change: String? = nil
    ) {
        self.change = change
        self.event = event
        self.petID = petID
        self.petName = petName
        self.summary = summary
        self.body = body
        self.command = command
        self.load = load
        self.running = running
        self.due = due
    }

    /// The variables added to the hook's environment.
    public var environment: [String: String] {
        var variables = [
            "LAUNDRY_EVENT": event, "LAUNDRY_PET_ID": petID?.lowercasedText ?? "", "LAUNDRY_PET_NAME": petName,
            "LAUNDRY_SUMMARY": summary, "LAUNDRY_BODY": body, "LAUNDRY_COMMAND": command,
        ]
        if let load {
            variables["LAUNDRY_LOAD_ID"] = load.loadID?.lowercasedText ?? ""
            variables["LAUNDRY_TIMER_ID"] = load.id.lowercasedText
            if !load.isPaused {
                variables["LAUNDRY_ENDS_AT"] = load.endsAtText
                variables["LAUNDRY_ENDS_AT_UNIX"] = String(Int(load.endsAtUnix))
            }
        }
        if let change { variables["LAUNDRY_CHANGE"] = change }
        if let dryer {
            variables["LAUNDRY_DRYER_BUSY"] = dryer.busy ? "1" : "0"
            if let text = dryer.freeAtText, let unix = dryer.freeAtUnix {
                variables["LAUNDRY_DRYER_FREE_AT"] = text
                variables["LAUNDRY_DRYER_FREE_AT_UNIX"] = String(Int(unix))
            }
        }
        if let due {
            variables["LAUNDRY_DUE_SUMMARY"] = due.summary
            variables["LAUNDRY_DUE_BODY"] = due.body
        }
        if event == "sleeping" {
            // `<timer id>:<end, Unix time>` (each run's own id, as `LAUNDRY_TIMER_ID`), a space between, soonest first.
            variables["LAUNDRY_RUNNING"] = running.map { "\($0.id.lowercasedText):\(Int($0.endsAtUnix))" }
                .joined(separator: " ")
        }
        return variables
    }

    enum CodingKeys: String, CodingKey {
        case event
        case petID = "petId"
        case petName, summary, body, command
        case loadID = "loadId"
        case timerID = "timerId"
        case endsAt, running, due, change, dryerBusy, dryerFreeAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(event, forKey: .event)
        try container.encode(petID?.lowercasedText, forKey: .petID)
        try container.encode(petName, forKey: .petName)
        try container.encode(summary, forKey: .summary)
        try container.encode(body, forKey: .body)
        try container.encode(command, forKey: .command)
        try container.encode(load?.loadID?.lowercasedText, forKey: .loadID)
        try container.encode(load?.id.lowercasedText, forKey: .timerID)
        try container.encode(load?.isPaused == true ? nil : load?.endsAtText, forKey: .endsAt)
        if event == "sleeping" { try container.encode(running, forKey: .running) }
        if let due { try container.encode(due, forKey: .due) }
        if let change { try container.encode(change, forKey: .change) }
        if let dryer {
            try container.encode(dryer.busy, forKey: .dryerBusy)
            try container.encode(dryer.freeAtText, forKey: .dryerFreeAt)
        }
    }

    /// One line of JSON, for the hook's standard input.
    public var json: String {
        let data = (try? JSONCoding.encoder(pretty: false).encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
