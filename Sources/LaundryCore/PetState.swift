import FoundationEssentials

/// A pet together with its timer file and what this machine has said about it: the unit every
/// operation reads, changes and writes back.
public struct PetState: Equatable, Sendable {
    public var pet: Pet
    /// The contents of `timers/<uuid>.json`, which may describe a finished or stale load.
    public var timer: LaundryTimer?
    /// This machine's notes (`devices/<device-id>/<uuid>.json`); written only by its daemon.
    public var notes: DeviceNotes

    public init(pet: Pet, timer: LaundryTimer? = nil, notes: DeviceNotes? = nil) {
        self.pet = pet
        self.timer = timer
        self.notes = notes ?? DeviceNotes(petID: pet.id)
    }

    /// The timer file belongs to the pet's current load. A file left behind by an interrupted
    /// command (writers put a new timer on disk before the pet that names it) or by the losing
    /// side of a merge does not.
    public var timerIsCurrent: Bool {
        guard let timer, timer.petID == pet.id else { return false }
        // A pet from before load ids: the stage alone says.
        guard let loadID = pet.loadID else { return pet.parts == nil && pet.stage != .idle }
        return timer.id == loadID
    }

    /// The timer that is timing the pet's current stage, if any.
    public var liveTimer: LaundryTimer? {
        guard timerIsCurrent, let timer, pet.stage == timer.kind.runningStage else { return nil }
        return timer
    }

    /// A finished load this machine has not yet announced.
    public var unannouncedFinish: LaundryTimer? {
        guard timerIsCurrent, let timer, let finishedAt = timer.finishedAt,
            notes.announcedLoad != timer.id || notes.announcedEnd.map({ $0 != timer.endsAt }) == true,
            pet.stage == timer.kind.finishedStage, finishedAt == timer.endsAt
        else { return nil }
        return timer
    }

    /// Whether `settle(at:)` would change anything: read-only commands use it to avoid taking locks.
    public func needsSettling(at now: Date) -> Bool {
        if let timer = liveTimer, timer.hasEnded(at: now) { return true }
        return pet.currentStreak > 0 && pet.isDead(at: now)
    }
}
