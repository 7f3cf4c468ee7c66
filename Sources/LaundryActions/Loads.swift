import FoundationEssentials
import LaundryCore
import LaundryStore

extension Laundry {
    /// Every load of one pet or all, newest wash start first, at most `limit`; read only, derived from the histories.
    public func loads(_ query: String?, limit: Int? = nil) throws -> [(pet: Pet, load: LoadRecord)] {
        // A released pet's loads stay in the list of all loads, the last one abandoned.
        let merged = try query.map { [try find($0)] } ?? loadAll(includingReleased: true)
        let now = self.now
        let all = zip(merged, loadsOfEach(merged, at: now)).flatMap { pet, loads in
            let shown = Self.settled(pet.state, at: now).pet
            return loads.map { (pet: shown, load: $0) }
        }
        // Newest first, then by load id; positions sorted, not the loads with their pets.
        let order = all.indices.sorted {
            (all[$0].load.wash.started, all[$1].load.id) > (all[$1].load.wash.started, all[$0].load.id)
        }
        return order.prefix(limit ?? order.count).map { all[$0] }
    }

    /// The load a washer's or dryer's run belongs to, as `loads` names it, released pet or not: the one place that
    /// says so (hooks, `list --json`). A wash's run has its load's id, so nothing is read; a dryer's or extra drying's
    /// has its own, and its load is found in the pet's history (the load still open while the run's own line is not
    /// written yet). Nil when the pet's records or history cannot say.
    public func loadID(ofRun run: Load) -> UUID? {
        if run.kind == .wash { return run.id }
        var problems: [StoreProblem] = []
        guard let pet = storage.load(run.petID, problems: &problems) else { return nil }
        let records = loadsOfEach([pet], at: now).first ?? []
        func holds(_ load: LoadRecord) -> Bool {
            load.wash.loadID == run.id || load.dryer?.loadID == run.id
                || load.extraDrying.contains { $0.loadID == run.id }
        }
        if let owner = records.first(where: holds) { return owner.id }
        return records.filter { $0.end == nil }.max { $0.wash.started < $1.wash.started }?.id
    }

    /// The load whose id starts with `prefix` (4+ hex digits), among every pet's; nil if none; several is an error.
    public func load(idPrefix prefix: String) throws -> (pet: Pet, load: LoadRecord)? {
        let wanted = prefix.lowercased()
        guard wanted.count >= 4, wanted.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
        let found = try loads(nil).filter { $0.load.id.lowercasedText.hasPrefix(wanted) }
        guard found.count <= 1 else {
            throw ActionError.ambiguousLoad(prefix, candidates: found.map { $0.load.id.lowercasedText })
        }
        return found.first
    }
}
