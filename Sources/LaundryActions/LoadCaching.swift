import FoundationEssentials
import LaundryCore
import LaundryStore

extension Laundry {
    /// Each pet's loads.
    func loadsOfEach(
        _ pets: [MergedPet], at now: Date, all: Bool
    ) -> [[LoadRecord]] {
        derivedOfEach(pets, at: now, all: all).map(\.loads)
    }

    /// Each pet's loads and newest events: from this machine's `LoadCache` when nothing they were
    /// derived from has changed (its history files, the stamps of its merged record, what settling
    /// it now adds), else derived from its history; the cache is written again when any pet's were.
    /// - Parameter all: `pets` are every pet there is, so the cache forgets the ones not among them.
    func derivedOfEach(_ pets: [MergedPet], at now: Date, all: Bool) -> [LoadCache.Entry] {
        let (store, sources) = (store, store.historySources())
        let path = store.paths.loadCacheFile
        let cached = LoadCache.read(path)
        let found = pets.concurrentMap(perThread: 1) { pet -> (entry: LoadCache.Entry, derived: Bool) in
            var view = pet.state
            let settling = StageMachine.settle(&view, at: now)
            var fingerprint = Fingerprint()
            store.addHistoryVersions(pet.state.pet.id, in: sources, to: &fingerprint)
            Self.addInputs(of: pet, settling: settling, to: &fingerprint)
            if let entry = cached[pet.state.pet.id], entry.fingerprint == fingerprint.value { return (entry, false) }
            let history = PetHistory.compose(
                store.histories(pet.state.pet.id, in: sources), merged: pet, derived: settling)
            let entry = LoadCache.Entry(
                fingerprint: fingerprint.value, loads: LoadRecords.derive(history),
                newest: Array(history.suffix(LoadCache.newestEventsKept)))
            return (entry, true)
        }
        var entries = all ? [:] : cached
        for (pet, result) in zip(pets, found) { entries[pet.state.pet.id] = result.entry }
        if found.contains(where: \.derived) || entries.count != cached.count {
            // Only a copy to save time: a folder that cannot be written is read in full each time.
            try? LoadCache.write(entries, to: path)
        }
        return found.map(\.entry)
    }

    /// What a pet's loads depend on besides its history files: the merged record's stamps (which
    /// change lost to which) and the events settling it now adds (a load's end, a death).
    private static func addInputs(of pet: MergedPet, settling: [HistoryEvent], to fingerprint: inout Fingerprint) {
        for part in PetPart.allCases {
            fingerprint.add(pet.stamps[part]?.at)
            fingerprint.add(pet.stamps[part]?.device)
        }
        fingerprint.add(pet.isReleased ? 1 : 0)
        for event in settling {
            fingerprint.add(event.id)
            fingerprint.add(event.event.rawValue)
            fingerprint.add(event.at)
            fingerprint.add(event.timerID)
            fingerprint.add(event.detail.map { String(describing: $0) })
        }
    }
}
