import LaundryCore
import LaundryStore

extension Laundry {
    public func household() -> HouseholdView {
        let (turns, next) = nextTurn()
        return HouseholdView(people: people(), turns: turns, next: next)
    }

    /// Every machine's person, as its machine file names them (sorted, once each).
    public func people() -> [Person] {
        let named = storage.machines().compactMap { storage.machineFile($0)?.person }
        return Set(named.map { Person($0) }).sorted { $0.name < $1.name }
    }

    /// The rotation and whose turn the next load is; loads are read only when there is one (`status` asks every time).
    public func nextTurn() -> (turns: [Person], next: Person?) {
        var problems: [StoreProblem] = []
        defer { report(problems) }
        guard let turns = HouseholdRecord.merge(storage.householdRecords(problems: &problems)),
            !turns.value.people.isEmpty
        else { return ([], nil) }
        let loads = (try? self.loads(nil))?.map(\.load) ?? []
        return (turns.value.people, turns.value.next(after: loads, since: turns.stamp.at))
    }

    /// Sets the household's rotation (empty: none), stamped later than every rotation this machine has seen.
    public func setTurns(_ names: [String]) throws -> HouseholdView {
        if let problem = Turns.problem(names) { throw problem }
        try prepareToWrite()
        let here = try storage.deviceID()
        try storage.withNamesLock {
            var problems: [StoreProblem] = []
            let records = storage.householdRecords(problems: &problems)
            let seen = HouseholdRecord.merge(records)?.stamp.at.addingTimeInterval(0.001)
            let stamp = PartStamp(at: max(now, seen ?? now), device: here)
            var own = HouseholdRecord()
            own.turns = Stamped(stamp: stamp, value: Turns(people: names.map { Person($0.trimming()) }))
            try storage.writeHousehold(own, device: here)
        }
        return household()
    }
}
