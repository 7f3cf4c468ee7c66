import FoundationEssentials

/// A pet together with its load and what this machine has said about it: the unit every
/// operation reads, changes and writes back.
public struct PetState: Equatable, Sendable {
    public var pet: Pet
    /// The cycle's load: running, paused, or (seen after its end) finished.
    public var timer: LaundryTimer?
    /// What this machine's daemon told the user (kept outside the shared folder).
    public var notes: DeviceNotes

    public init(pet: Pet, timer: LaundryTimer? = nil, notes: DeviceNotes? = nil) {
        self.pet = pet
        self.timer = timer
        self.notes = notes ?? DeviceNotes(petID: pet.id)
    }

    /// The load belongs to this pet (a record edited by hand could say otherwise).
    public var timerIsCurrent: Bool { timer?.petID == pet.id }

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
