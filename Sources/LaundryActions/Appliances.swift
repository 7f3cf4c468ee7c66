import FoundationEssentials
import LaundryCore

extension Laundry {
    /// The appliance's plug says it stopped: the running load of its kind that ends soonest ends
    /// now. Nil when no such load runs (it ended by its timer already, or none was started).
    public func applianceStopped(_ appliance: Appliance) throws -> PetState? {
        let now = self.now
        let running = pets().compactMap { state -> (UUID, Date)? in
            guard let timer = state.liveTimer, !timer.isPaused, appliance.runs(timer.kind), !timer.hasEnded(at: now)
            else { return nil }
            return (state.pet.id, timer.endsAt)
        }
        guard let soonest = running.min(by: { $0.1 < $1.1 }) else { return nil }
        return try change(soonest.0, at: now) { (state: inout PetState) throws(PetError) in
            try StageMachine.applianceStopped(&state, appliance, at: now)
        }
    }

    /// Whose load an appliance that just started is likely to be: pets that could start that load
    /// now, the most overdue first, at most `limit`.
    public func likelyOwners(of appliance: Appliance, limit: Int = 3) -> [Pet] {
        let now = self.now
        let stage: Stage = appliance == .washer ? .idle : .washed
        return pets().map { state in
            var settled = state
            StageMachine.settle(&settled, at: now)
            return settled.pet
        }
        .filter { $0.stage == stage }
        .sorted { ($0.dueDate(), $0.name.lowercased()) < ($1.dueDate(), $1.name.lowercased()) }
        .prefix(limit).map { $0 }
    }
}
