import FoundationEssentials
import LaundryCore
import LaundryStore

extension Laundry {
    /// What a pet's wash and dryer really took, from its loads on all machines (nil: under `LearnedLength.needed`).
    public func learned(_ id: UUID) -> (wash: LearnedLength?, dry: LearnedLength?) {
        let records = loadRecords(id)
        return (LearnedLength.of(records, .wash), LearnedLength.of(records, .dry))
    }

    /// What each named programme really took on the washer and the dryer, by name (nothing learned yet: left out).
    public func learnedProgrammes(_ id: UUID, _ names: some Sequence<String>)
        -> [String: (wash: LearnedLength?, dry: LearnedLength?)]
    {
        let records = loadRecords(id)
        var learned: [String: (wash: LearnedLength?, dry: LearnedLength?)] = [:]
        for name in names {
            let wash = LearnedLength.of(records, .wash, programme: name)
            let dry = LearnedLength.of(records, .dry, programme: name)
            if wash != nil || dry != nil { learned[name] = (wash, dry) }
        }
        return learned
    }

    private func loadRecords(_ id: UUID) -> [LoadRecord] {
        (try? loads(id.lowercasedText))?.map(\.load) ?? []
    }

    /// A wash or dryer asked for without a length, on a pet that learns: the length learned (for its programme, if
    /// named), once there is one; anything else as it was. Reads only the histories of the pet as read to find it.
    func learnedLength(for action: PetAction, of merged: MergedPet?) -> PetAction {
        let kind: LoadKind
        let programme: String?
        switch action {
        case .wash(nil, let name): (kind, programme) = (.wash, name)
        case .dry(nil, let name): (kind, programme) = (.dry, name)
        default:
            lastLearned = nil
            return action
        }
        let now = self.now
        // Only for a move that can happen: a refused one reads nothing more.
        guard let merged, case let pet = Self.settled(merged.state, at: now).pet, pet.settings.learns,
            pet.cycle.stage == (kind == .wash ? .idle : .washed),
            programme.map({ pet.settings.programmes[$0] != nil }) ?? true,
            case let loads = LoadRecords.derive(Self.historyEvents(of: merged, at: now, storage: storage)),
            let learned = LearnedLength.of(loads, kind, programme: programme),
            let length = try? LaundryDuration(seconds: Int(learned.seconds))
        else {
            lastLearned = nil
            return action
        }
        lastLearned = learned
        return kind == .wash ? .wash(length, programme: programme) : .dry(length, programme: programme)
    }
}
