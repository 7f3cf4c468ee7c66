import FoundationEssentials
import LaundryCore

extension Laundry {
    /// Every load of one pet, or of all of them, newest first (a load's wash start), at most
    /// `limit`. Read only: derived from the histories as `history` reads them.
    public func loads(_ query: String?, limit: Int? = nil) throws -> [(pet: Pet, load: LoadRecord)] {
        // A released pet's loads stay in the list of all loads, the last one abandoned.
        let merged = try query.map { [try find($0)] } ?? loadAll(includingReleased: true)
        let now = self.now
        var all: [(pet: Pet, load: LoadRecord)] = []
        for pet in merged {
            let view = Self.settled(pet.state, at: now)
            for load in LoadRecords.derive(historyEvents(of: pet, at: now)) { all.append((view.pet, load)) }
        }
        all.sort {
            ($0.load.wash.started, $0.load.id.lowercasedText) > ($1.load.wash.started, $1.load.id.lowercasedText)
        }
        return Array(all.prefix(limit ?? all.count))
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
