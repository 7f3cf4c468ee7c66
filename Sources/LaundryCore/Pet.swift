import FoundationEssentials

/// One laundry load as a pet: identity, settings, where it is in its cycle, and its record: the
/// pet as everyone sees it, merged from every machine's record (`PetRecord`).
public struct Pet: Equatable, Sendable {
    public var id: UUID
    public var name: String
    public var kind: String
    public var washDuration: LaundryDuration
    public var dryDuration: LaundryDuration
    public var cycleDays: Double
    /// Whether a wash or dryer started without a length takes the one learned from its loads
    /// (`laundry set --learn off` keeps the typed one).
    public var learns = true
    /// Its named programmes and their typed lengths (`laundry set --programme eco=2h15m`).
    public var programmes: [String: LaundryDuration] = [:]
    public var createdAt: Date
    public var lastLaundryAt: Date?
    public var stage: Stage
    public var totalCycles: Int
    public var currentStreak: Int
    public var longestStreak: Int
    /// Reminders are held back until then (`laundry snooze`).
    public var snoozedUntil: Date?
    /// The last nudge about it (`laundry nudge`).
    public var nudge: Nudge?
    /// A record written by a newer laundry: shown, never changed by this one.
    public var isFromNewerVersion = false

    public init(
        id: UUID = UUID(), name: PetName, kind: Kind, createdAt: Date,
        washDuration: LaundryDuration? = nil, dryDuration: LaundryDuration? = nil,
        cycleDays: Double? = nil, lastLaundryAt: Date? = nil
    ) {
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
    }

    /// A pet as records store it: the name and kind as they were written (checked where read),
    /// every setting at its default until a record says otherwise.
    public init(id: UUID, storedName: String, kind: String, createdAt: Date) {
        self.id = id
        name = storedName
        self.kind = kind
        washDuration = .minutes(45)
        dryDuration = .minutes(60)
        cycleDays = 7
        self.createdAt = createdAt
        lastLaundryAt = nil
        stage = .idle
        totalCycles = 0
        currentStreak = 0
        longestStreak = 0
        snoozedUntil = nil
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
    public var implausibleValue: FileProblem? {
        if !CycleDays.range.contains(cycleDays) { return .implausible(field: "cycleDays") }
        for (field, count) in [
            ("totalCycles", totalCycles), ("currentStreak", currentStreak), ("longestStreak", longestStreak),
        ]
        where count < 0 || count > 1_000_000_000 {
            return .implausible(field: field)
        }
        if PetName.isValidStored(name) == false { return .implausible(field: "name") }
        return nil
    }
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
}
