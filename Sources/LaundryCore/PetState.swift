import FoundationEssentials

/// A pet together with its timer file, the unit every operation reads, changes and writes back.
public struct PetState: Equatable, Sendable {
    public var pet: Pet
    /// The contents of `timers/<uuid>.json`, which may describe a finished or stale load.
    public var timer: LaundryTimer?

    public init(pet: Pet, timer: LaundryTimer? = nil) {
        self.pet = pet
        self.timer = timer
    }

    /// The timer that is timing the pet's current stage, if any. A timer file left behind by an
    /// interrupted command (its pet never reached the matching stage) is not live. Writers put a
    /// new timer on disk before the pet's stage, so a crash between the two leaves such a file.
    public var liveTimer: LaundryTimer? {
        guard let timer, timer.petID == pet.id,
            pet.stage == timer.kind.runningStage
        else { return nil }
        return timer
    }

    /// A finished load the notification service has not yet announced.
    public var unannouncedFinish: LaundryTimer? {
        guard let timer, let finishedAt = timer.finishedAt, !timer.notified, timer.petID == pet.id,
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
