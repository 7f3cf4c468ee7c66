import FoundationEssentials
import LaundryCore

extension Laundry {
    /// Its plug says `appliance` stopped: the running load of its kind that ends soonest ends now; nil if none runs.
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

    /// Whose load a just-started appliance likely runs: pets that could start it now, most overdue first, `limit` max.
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
    /// What a run of `appliance` drew, on the recent stage it overlaps most; nil (nothing written) if none: not ours.
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
                // One measure per run, whichever of the household's daemons (all following one machine) writes it.
                HistoryEvent(
                    at: ended, event: .energyMeasured, petID: state.pet.id, loadID: best.load, detail: .energy(use),
                    id: EventID.derived(from: "energy \(best.load.lowercasedText) \(appliance.rawValue)"))
            ]
        }?.pet
    }
}
