import FoundationEssentials

/// A pet together with what this machine has said about it: the unit every operation reads, changes and writes back.
public struct PetState: Equatable, Sendable {
    public var pet: Pet
    /// What this machine's daemon told the user (kept outside the shared folder).
    public var notes: DeviceNotes

    public init(pet: Pet, notes: DeviceNotes? = nil) {
        self.pet = pet
        self.notes = notes ?? DeviceNotes(petID: pet.id)
    }

    /// The load the pet's cycle is on: running, paused, or finished and waiting.
    public var load: Load? {
        get { pet.cycle.load }
        set { pet.cycle.load = newValue }
    }

    /// The load belongs to this pet (a record edited by hand could say otherwise).
    public var loadIsCurrent: Bool { load?.petID == pet.id }

    /// The load that is timing the pet's current stage, if any.
    public var liveLoad: Load? {
        guard loadIsCurrent, let load, pet.cycle.stage == load.kind.runningStage else { return nil }
        return load
    }

    /// The finished load waiting to be dealt with: the cycle stands at its kind's finished stage.
    public var finishedLoad: Load? {
        guard loadIsCurrent, let load, pet.cycle.stage == load.kind.finishedStage else { return nil }
        return load
    }

    /// A finished load this machine has not yet announced.
    public var unannouncedFinish: Load? {
        guard let load = finishedLoad,
            notes.announcedLoad != load.id || notes.announcedEnd.map({ $0 != load.endsAt }) == true
        else { return nil }
        return load
    }

    /// Whether `settle(at:)` would change anything: read-only commands use it to avoid taking locks.
    public func needsSettling(at now: Date) -> Bool {
        if let load = liveLoad, load.hasEnded(at: now) { return true }
        return pet.cycle.currentStreak > 0 && pet.isDead(at: now)
    }
}
