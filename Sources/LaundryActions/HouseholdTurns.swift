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

    /// Every machine's person and this machine's, before its first change writes it down.
    func knownPeople() -> [Person] {
        let people = self.people()
        return people.contains(person) ? people : (people + [person]).sorted { $0.name < $1.name }
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

    /// Sets the household's rotation (empty: none), stamped later than every rotation this machine has seen. Each name
    /// must be a machine's person (as that machine spells it): a turn's reminder goes to its person's machines first,
    /// and a nudge to their machines only, so a name no machine answers to would hold the reminder back from everyone.
    public func setTurns(_ names: [String]) throws -> HouseholdView {
        if let problem = Turns.problem(names) { throw problem }
        let known = knownPeople()
        let people = try names.map { name in
            guard let person = known.first(where: { $0 == Person(name.trimming()) }) else {
                throw PetError.nobodyCalled(name.trimming(), known: known.map(\.name))
            }
            return person
        }
        try prepareToWrite()
        let here = try storage.deviceID()
        try storage.withNamesLock {
            var problems: [StoreProblem] = []
            let records = storage.householdRecords(problems: &problems)
            let seen = HouseholdRecord.merge(records)?.stamp.at.addingTimeInterval(0.001)
            let stamp = PartStamp(at: max(now, seen ?? now), device: here)
            var own = HouseholdRecord()
            own.turns = Stamped(stamp: stamp, value: Turns(people: people))
            try storage.writeHousehold(own, device: here)
        }
        return household()
    }
}
