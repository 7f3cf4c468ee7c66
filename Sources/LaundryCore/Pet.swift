import FoundationEssentials

/// One laundry load as a pet: identity, settings, where it is in its cycle, and its record.
/// Stored in `pets/<uuid>.json`; only the UUID ever names a file.
public struct Pet: Codable, Equatable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var id: UUID
    public var name: String
    public var kind: String
    public var washDuration: LaundryDuration
    public var dryDuration: LaundryDuration
    public var cycleDays: Double
    public var createdAt: Date
    public var lastLaundryAt: Date?
    public var stage: Stage
    public var totalCycles: Int
    public var currentStreak: Int
    public var longestStreak: Int
    /// Reminders are held back until then (`laundry snooze`).
    public var snoozedUntil: Date?
    /// The load (timer) the cycle is on, from its start until the fold or a cancel: a timer file
    /// with another id is a leftover (an interrupted command, the losing side of a merge).
    /// Nil in files written before it existed.
    public var loadID: UUID?
    /// When and where each part was last changed, for merging copies from other machines. Nil in
    /// files written before it existed (such a file loses every tie).
    public var parts: PartStamps?

    public init(
        id: UUID = UUID(), name: PetName, kind: Kind, createdAt: Date,
        washDuration: LaundryDuration? = nil, dryDuration: LaundryDuration? = nil,
        cycleDays: Double? = nil, lastLaundryAt: Date? = nil
    ) {
        schemaVersion = Self.currentSchemaVersion
        self.id = id
        self.name = name.value
        self.kind = kind.id
        self.washDuration = washDuration ?? (try? LaundryDuration(seconds: kind.washSeconds)) ?? .minutes(45)
        self.dryDuration = dryDuration ?? (try? LaundryDuration(seconds: kind.drySeconds)) ?? .minutes(60)
        self.cycleDays = cycleDays ?? kind.cycleDays
        self.createdAt = createdAt
        self.lastLaundryAt = lastLaundryAt
        stage = .idle
        totalCycles = 0
        currentStreak = 0
        longestStreak = 0
        snoozedUntil = nil
        loadID = nil
        parts = nil
    }

    /// The moment health is counted from.
    public var healthClockStart: Date { lastLaundryAt ?? createdAt }

    public func health(at now: Date) -> Int {
        Health.value(since: healthClockStart, cycleDays: cycleDays, at: now)
    }

    /// A finished wash cheers a sadder pet up to `neutral` until the cycle ends; health itself
    /// comes back with the fold.
    public func mood(at now: Date) -> Mood {
        let mood = Mood(health: health(at: now))
        guard stage == .washed || stage == .drying || stage == .dried else { return mood }
        return [.sad, .verySad, .dead].contains(mood) ? .neutral : mood
    }

    public func isDead(at now: Date) -> Bool { health(at: now) == 0 }

    /// The streak as it stands now: it is lost the moment the pet dies, daemon or no daemon.
    public func streak(at now: Date) -> Int { isDead(at: now) ? 0 : currentStreak }

    public func dueDate() -> Date { Health.dueDate(since: healthClockStart, cycleDays: cycleDays) }

    /// Why the values cannot be right, if they cannot (a file edited by hand, or damaged): such a
    /// file is set aside like one that does not parse.
    public var implausibleValue: String? {
        let counts = [totalCycles, currentStreak, longestStreak]
        if !CycleDays.range.contains(cycleDays) { return "cycleDays is outside \(CycleDays.range)" }
        if counts.contains(where: { $0 < 0 || $0 > 1_000_000_000 }) { return "a cycle or streak count is out of range" }
        if PetName.isValidStored(name) == false { return "the name is empty or too long" }
        return nil
    }

    /// Whether this copy of `laundry` may rewrite the file: never one written by a newer version.
    public var isFromNewerVersion: Bool { schemaVersion > Self.currentSchemaVersion }
}

/// What the notification service last said about a finished load, so reminders keep their pace
/// across restarts.
public struct LoadReminder: Codable, Equatable, Sendable {
    /// The load (timer) this is about.
    public var timerID: UUID
    /// Neglect reminders sent so far (the announcement of the finish not counted).
    public var sent: Int
    /// When the user last heard about this load.
    public var lastAt: Date

    public init(timerID: UUID, sent: Int, lastAt: Date) {
        self.timerID = timerID
        self.sent = sent
        self.lastAt = lastAt
    }
}
