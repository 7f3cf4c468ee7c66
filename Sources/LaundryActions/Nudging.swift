import FoundationEssentials
import LaundryCore
import LaundryStore

extension Laundry {
    /// Nudges `person` about a pet (nil: the one whose load has waited longest, else the one most in need of a wash):
    /// it pops up and rings once on their machines. At most one nudge an hour for a load, whoever sends it.
    public func nudge(_ person: String, about query: String?) throws -> (pet: Pet, nudge: Nudge) {
        let people = knownPeople()
        guard let known = people.first(where: { $0 == Person(person) }) else {
            throw PetError.nobodyCalled(person, known: people.map(\.name))
        }
        let id = try query.map { try findID($0).0 } ?? mostInNeed()
        let now = Date(timeIntervalSince1970: (self.now.timeIntervalSince1970 * 1000).rounded() / 1000)
        let by = self.person
        var sent: Nudge?
        guard
            let state = try change(
                id, at: now,
                { (state: inout PetState) throws(PetError) -> [HistoryEvent] in
                    let load = state.load?.id
                    if let allowed = state.pet.reminders.nudge?.nextAllowed(for: load, at: now) {
                        throw .nudgedTooSoon(pet: state.pet.identity.name, allowedAt: allowed)
                    }
                    let nudge = Nudge(to: known, by: by, at: now, load: load)
                    state.pet.reminders.nudge = nudge
                    sent = nudge
                    return [
                        HistoryEvent(
                            at: now, event: .nudged, petID: state.pet.id, loadID: load, detail: .nudged(to: known.name))
                    ]
                }),
            let sent
        else { throw PetError.unknownPet(query ?? id.lowercasedText, suggestion: nil) }
        return (state.pet, sent)
    }

    /// The pet whose finished load has waited longest, else the one with the least health.
    private func mostInNeed() throws -> UUID {
        let now = self.now
        let pets = self.pets()
        guard !pets.isEmpty else { throw PetError.noPets }
        let waiting = pets.compactMap { state -> (UUID, Date)? in
            guard let finished = state.finishedLoad else { return nil }
            return (state.pet.id, finished.endsAt)
        }
        if let oldest = waiting.min(by: { $0.1 < $1.1 }) { return oldest.0 }
        return pets.min { $0.pet.health(at: now) < $1.pet.health(at: now) }!.pet.id
    }
}
