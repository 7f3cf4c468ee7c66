import FoundationEssentials

/// A load as a pet, as everyone sees it: the parts a person changes, each merged alone from all machines' `PetRecord`s.
public struct Pet: Equatable, Sendable {
    public var id: UUID
    public var createdAt: Date
    public var identity: Identity
    public var settings: Settings
    public var cycle: Cycle
    public var reminders: Reminders
    /// A record written by a newer laundry: shown, never changed by this one.
    public var isFromNewerVersion = false

    public init(
        id: UUID = UUID(), createdAt: Date, identity: Identity, settings: Settings = Settings(), cycle: Cycle = Cycle(),
        reminders: Reminders = Reminders()
    ) {
        self.id = id
        self.createdAt = createdAt
        self.identity = identity
        self.settings = settings
        self.cycle = cycle
        self.reminders = reminders
    }

    /// A new pet of `kind`, with the kind's settings unless given others.
    public init(
        id: UUID = UUID(), name: PetName, kind: Kind, createdAt: Date, washDuration: LaundryDuration? = nil,
        dryDuration: LaundryDuration? = nil, cycleDays: Double? = nil, lastLaundryAt: Date? = nil
    ) {
        var settings = Settings(kind: kind)
        settings.washDuration = washDuration ?? settings.washDuration
        settings.dryDuration = dryDuration ?? settings.dryDuration
        settings.cycleDays = cycleDays ?? settings.cycleDays
        var cycle = Cycle()
        cycle.lastLaundryAt = lastLaundryAt
        self.init(
            id: id, createdAt: createdAt, identity: Identity(name: name.value, kind: kind.id), settings: settings,
            cycle: cycle)
    }

    public var healthClockStart: Date { cycle.lastLaundryAt ?? createdAt }

    public func health(at now: Date) -> Int {
        Health.value(since: healthClockStart, cycleDays: settings.cycleDays, at: now)
    }

    /// A finished wash cheers a sadder pet up to `neutral` until the cycle ends; health comes back with the fold.
    public func mood(at now: Date) -> Mood {
        let mood = Mood(health: health(at: now))
        guard [.washed, .drying, .dried].contains(cycle.stage) else { return mood }
        return [.sad, .verySad, .dead].contains(mood) ? .neutral : mood
    }

    public func isDead(at now: Date) -> Bool { health(at: now) == 0 }

    /// The streak as it stands now: it is lost the moment the pet dies, daemon or no daemon.
    public func streak(at now: Date) -> Int { isDead(at: now) ? 0 : cycle.currentStreak }

    public func dueDate() -> Date { Health.dueDate(since: healthClockStart, cycleDays: settings.cycleDays) }
}

/// What the notification service last said about a finished load, so reminders keep their pace across restarts.
public struct LoadReminder: Codable, Equatable, Sendable {
    public var loadID: UUID
    /// Neglect reminders sent so far (the announcement of the finish not counted).
    public var sent: Int
    /// When the user last heard about this load.
    public var lastAt: Date

    // The notes files of 0.1.0 name the load `timerID`.
    private enum CodingKeys: String, CodingKey {
        case loadID = "timerID"
        case sent, lastAt
    }
}
