import FoundationEssentials
import LaundryCore

extension Laundry {
    /// What a pet's wash and dryer have really taken, learned from its loads on every machine of
    /// the household (nil: fewer than `LearnedLength.needed` measured yet).
    public func learned(_ id: UUID) -> (wash: LearnedLength?, dry: LearnedLength?) {
        guard let loads = try? loads(id.lowercasedText) else { return (nil, nil) }
        let records = loads.indices.map { loads.load(at: $0) }
        return (LearnedLength.of(records, .wash), LearnedLength.of(records, .dry))
    }

    /// A wash or dryer asked for without a length, on a pet that learns: the length learned, once
    /// there is one. Anything else (a length given, learning off, too few loads) as it was.
    func learnedLength(for action: PetAction, of id: UUID) -> PetAction {
        let kind: TimerKind
        switch action {
        case .wash(nil): kind = .wash
        case .dry(nil): kind = .dry
        default:
            lastLearned = nil
            return action
        }
        // Only for a move that can happen: a refused one reads nothing more (and writes no cache).
        guard let pet = try? pet(id.lowercasedText).pet, pet.learns,
            pet.stage == (kind == .wash ? .idle : .washed),
            let learned = kind == .wash ? self.learned(id).wash : self.learned(id).dry,
            let length = try? LaundryDuration(seconds: Int(learned.seconds))
        else {
            lastLearned = nil
            return action
        }
        lastLearned = learned
        return kind == .wash ? .wash(length) : .dry(length)
    }
}
