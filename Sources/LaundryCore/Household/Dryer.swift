import FoundationEssentials

/// The household's one dryer, as every pet's load says: the loads are in the shared files, so every machine of the
/// household sees the same dryer. A load whose end has passed counts as finished though not yet settled, so what is
/// read from the files and what the daemon settles agree.
public struct Dryer: Equatable, Sendable {
    /// Another pet's load in the dryer, and when it ends (nil while it is paused: the end is not known).
    public struct Busy: Equatable, Sendable {
        public let petID: UUID
        public let until: Date?
        /// The moment the dryer was looked at (a person reads `until` as a clock time against it).
        public let at: Date

        public init(petID: UUID, until: Date?, at: Date) {
            self.petID = petID
            self.until = until
            self.at = at
        }
    }

    /// The dryer load running or paused; nil: the dryer is free.
    public let busy: Busy?
    /// When the dryer last freed: the latest end of a dryer load that finished and still waits to be folded.
    public let freedAt: Date?
    /// The washed load that waited longest for the dryer before it freed: the one its freeing reminds of.
    public let nextInLine: UUID?
    /// The moment it was looked at.
    public let at: Date

    /// The dryer as `states` (every pet of the household) say at `now`: walked once, not copied (the daemon looks at
    /// every event).
    public init<States: Sequence<PetState>>(among states: States, at now: Date) {
        var running: [Load] = []
        var freedAt: Date?
        var washed: [(pet: UUID, since: Date)] = []
        for state in states {
            guard let load = state.finishedLoad ?? state.liveLoad else { continue }
            let ended = state.finishedLoad != nil || load.hasEnded(at: now)
            switch (load.kind, ended) {
            case (.wash, true): washed.append((state.pet.id, load.endsAt))
            case (.wash, false): break
            case (_, true): freedAt = max(freedAt ?? load.endsAt, load.endsAt)
            case (_, false): running.append(load)
            }
        }
        // One dryer: were two loads in it, it frees when the last ends; a paused one's end is not known.
        if let last = running.max(by: { $0.projectedEnd(at: now) < $1.projectedEnd(at: now) }) {
            let until = running.contains(where: \.isPaused) ? nil : last.endsAt
            busy = Busy(petID: last.petID, until: until, at: now)
        } else {
            busy = nil
        }
        self.freedAt = freedAt
        at = now
        nextInLine = freedAt.flatMap { freed in
            washed.filter { $0.since < freed }.min { ($0.since, $0.pet) < ($1.since, $1.pet) }?.pet
        }
    }

    /// The dryer as a washed pet's reminders see it; nil for a pet whose load is not wet, or that the dryer never held.
    public func wait(for state: PetState) -> DryerWait? {
        guard let wet = state.finishedLoad ?? state.liveLoad, wet.kind == .wash,
            state.finishedLoad != nil || wet.hasEnded(at: at)
        else { return nil }
        if let busy, busy.petID != state.pet.id { return .busy(busy) }
        guard let freedAt, wet.endsAt < freedAt else { return nil }
        return .freed(at: freedAt, next: nextInLine == state.pet.id)
    }
}

/// What the dryer means for one washed load: wait for it, or move in now that it is free.
public enum DryerWait: Equatable, Sendable {
    /// Another pet's load holds the dryer: reminders to move this load wait until it frees.
    case busy(Dryer.Busy)
    /// The dryer freed at `at` after this load was washed; `next`: it waited longest, so its freeing reminds of it.
    case freed(at: Date, next: Bool)
}

extension DryerWait {
    /// Whether two looks at the dryer mean the same for a load's reminders (the moment each was taken aside).
    public func holdsAlike(_ other: DryerWait?) -> Bool {
        switch (self, other) {
        case (.busy(let one), .busy(let two)): return one.petID == two.petID && one.until == two.until
        case (.freed(let one, let next), .freed(let two, let alsoNext)): return one == two && next == alsoNext
        default: return false
        }
    }
}
