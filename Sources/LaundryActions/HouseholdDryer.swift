import FoundationEssentials
import LaundryCore

extension Laundry {
    /// The household's dryer as every pet's load says now, for `states` shown; nil when none of them is washed (no
    /// wet load waits for it, so nothing is read). `states` of one pet (`status <pet>`): every pet is read for it.
    public func dryer(for states: [PetState]) -> Dryer? {
        guard states.contains(where: { $0.pet.cycle.stage == .washed }) else { return nil }
        return Dryer(among: states.count > 1 ? states : pets(), at: now)
    }
}
