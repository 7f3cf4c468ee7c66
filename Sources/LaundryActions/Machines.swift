import FoundationEssentials
import LaundryCore

/// What a washer or dryer says of itself through Home Assistant, applied to the load it runs. None of it is a person's
/// doing (no one's machines ring first for it).
extension Laundry {
    /// The pet whose load `appliance` runs: one it already follows, else the running one that ends soonest.
    public func machineLoad(of appliance: Appliance) -> PetState? {
        let now = self.now
        let running = pets().filter { state in
            guard let load = state.liveLoad, appliance.runs(load.kind) else { return false }
            return !load.hasEnded(at: now)
        }
        return running.first { $0.liveLoad?.followedBy == appliance }
            ?? running.min { ($0.liveLoad?.projectedEnd(at: now) ?? now) < ($1.liveLoad?.projectedEnd(at: now) ?? now) }
    }

    /// The machine says when its load ends.
    public func machineEnd(_ appliance: Appliance, endsAt end: Date) throws -> PetState? {
        try onMachineLoad(appliance) { state, now throws(PetError) in
            try StageMachine.machineEnd(&state, appliance, endsAt: end, at: now)
        }
    }

    public func machinePaused(_ appliance: Appliance) throws -> PetState? {
        try onMachineLoad(appliance) { state, now throws(PetError) in
            guard state.liveLoad?.isPaused == false else { return [] }
            return try StageMachine.pause(&state, at: now)
        }
    }

    public func machineResumed(_ appliance: Appliance) throws -> PetState? {
        try onMachineLoad(appliance) { state, now throws(PetError) in
            guard state.liveLoad?.isPaused == true else { return [] }
            return try StageMachine.resume(&state, at: now)
        }
    }

    /// The machine finished: its load ends now.
    public func machineFinished(_ appliance: Appliance) throws -> PetState? {
        try onMachineLoad(appliance) { state, now throws(PetError) in
            try StageMachine.machineFinished(&state, appliance, at: now)
        }
    }

    /// No word from the machine: the load it held is left to laundry's own timer.
    public func machineLost(_ appliance: Appliance) throws -> PetState? {
        guard let state = machineLoad(of: appliance), state.liveLoad?.heldUntil != nil else { return nil }
        return try change(state.pet.id, at: now, personal: false) { state in
            StageMachine.machineLost(&state, appliance, at: self.now)
        }
    }

    /// The machine's door opened: the load it finished last, not yet taken out, is; nil when none waits.
    public func doorOpened(_ appliance: Appliance) throws -> PetState? {
        let waiting = pets().compactMap { state -> (UUID, Date)? in
            guard let load = state.finishedLoad, appliance.runs(load.kind), load.unloadedAt == nil else { return nil }
            return (state.pet.id, load.endsAt)
        }
        guard let latest = waiting.max(by: { $0.1 < $1.1 }) else { return nil }
        let now = self.now
        return try change(latest.0, at: now, personal: false) { (state: inout PetState) throws(PetError) in
            try StageMachine.doorOpened(&state, appliance, at: now)
        }
    }

    private func onMachineLoad(
        _ appliance: Appliance, _ move: (inout PetState, Date) throws(PetError) -> [HistoryEvent]
    ) throws -> PetState? {
        guard let state = machineLoad(of: appliance) else { return nil }
        let now = self.now
        return try change(state.pet.id, at: now, personal: false) { (state: inout PetState) throws(PetError) in
            try move(&state, now)
        }
    }
}
