import FoundationEssentials
import LaundryCore

extension Laundry {
    /// The appliance's plug says it stopped: the running load of its kind that ends soonest ends
    /// now. Nil when no such load runs (it ended by its timer already, or none was started).
    public func applianceStopped(_ appliance: Appliance) throws -> PetState? {
        let now = self.now
        let running = pets().compactMap { state -> (UUID, Date)? in
            guard let timer = state.liveLoad, !timer.isPaused, appliance.runs(timer.kind), !timer.hasEnded(at: now)
            else { return nil }
            return (state.pet.id, timer.endsAt)
        }
        guard let soonest = running.min(by: { $0.1 < $1.1 }) else { return nil }
        return try change(soonest.0, at: now, personal: false) { (state: inout PetState) throws(PetError) in
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
        .filter { $0.cycle.stage == stage }
        .sorted { ($0.dueDate(), $0.identity.name.lowercased()) < ($1.dueDate(), $1.identity.name.lowercased()) }
        .prefix(limit).map { $0 }
    }
}

extension Laundry {
    /// What a run of `appliance` drew, written to the stage it belongs to: of the recent loads'
    /// stages on that appliance, the one the run overlaps most. Nil (nothing written) when none
    /// does: the appliance ran something that was not laundry's.
    public func recordEnergy(
        _ appliance: Appliance, from since: Date, to ended: Date, _ use: HistoryDetail.EnergyUse
    ) throws -> Pet? {
        let now = self.now
        var best: (pet: Pet, load: UUID, overlap: Double)?
        for (pet, load) in try loads(nil, limit: 100) {
            let runs = appliance == .washer ? [load.wash] : [load.dryer].compactMap { $0 } + load.extraDrying
            for run in runs {
                guard let id = run.loadID else { continue }
                let overlap = min(ended, run.ended ?? now).timeIntervalSince(max(since, run.started))
                if overlap > 0, overlap > best?.overlap ?? 0 { best = (pet, id, overlap) }
            }
        }
        guard let best else { return nil }
        return try change(best.pet.id, at: now, personal: false) { (state: inout PetState) in
            [
                HistoryEvent(
                    at: ended, event: .energyMeasured, petID: state.pet.id, loadID: best.load, detail: .energy(use))
            ]
        }?.pet
    }
}
