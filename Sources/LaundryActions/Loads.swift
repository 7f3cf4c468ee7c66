import FoundationEssentials
import LaundryCore

extension Laundry {
    /// Every load of one pet, or of all of them, newest first (a load's wash start), at most
    /// `limit`. Read only: derived from the histories as `history` reads them.
    public func loads(_ query: String?, limit: Int? = nil) throws -> LoadList {
        // A released pet's loads stay in the list of all loads, the last one abandoned.
        let merged = try query.map { [try find($0)] } ?? loadAll(includingReleased: true)
        let now = self.now
        let pets = merged.map { Self.settled($0.state, at: now).pet }
        let perPet = loadsOfEach(merged, at: now, all: query == nil)
        // Newest first, then by load id: sorted as positions with their start (16 bytes each, not
        // the records), the ids looked up only on a tie.
        var keys: [(started: Double, pet: Int32, load: Int32)] = []
        keys.reserveCapacity(perPet.reduce(0) { $0 + $1.count })
        for petIndex in perPet.indices {
            // By index: a `for load in` copies each record, retaining all it holds.
            for loadIndex in perPet[petIndex].indices {
                let started = perPet[petIndex][loadIndex].wash.started.timeIntervalSince1970
                keys.append((started, Int32(petIndex), Int32(loadIndex)))
            }
        }
        keys.sort { first, second in
            guard first.started == second.started else { return first.started > second.started }
            return perPet[Int(second.pet)][Int(second.load)].id.sortsBefore(perPet[Int(first.pet)][Int(first.load)].id)
        }
        return LoadList(
            pets: pets, loads: perPet, order: keys.prefix(limit ?? keys.count).map { (Int($0.pet), Int($0.load)) })
    }

    /// The load whose id starts with `prefix` (at least 4 hex digits), among every pet's; nil when
    /// none does. More than one is an error naming them.
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
