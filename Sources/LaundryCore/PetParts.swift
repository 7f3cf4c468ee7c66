import FoundationEssentials

/// What each part of a pet holds: read out for comparing two copies, and copied from the copy
/// that wins a merge.
extension PetPart {
    /// The part's values as canonical text: equal text, equal part.
    public func content(of pet: Pet) -> String {
        let fields: [String]
        switch self {
        case .identity: fields = [pet.name, pet.kind]
        case .settings: fields = [pet.washDuration.description, pet.dryDuration.description, "\(pet.cycleDays)"]
        case .cycle:
            fields = [
                pet.stage.rawValue, pet.loadID?.lowercasedText ?? "-", pet.lastLaundryAt.map(Timestamp.format) ?? "-",
                "\(pet.totalCycles)", "\(pet.currentStreak)", "\(pet.longestStreak)",
            ]
        case .reminders: fields = [pet.snoozedUntil.map(Timestamp.format) ?? "-"]
        }
        return fields.joined(separator: "\u{1F}")
    }

    /// A few words on the part's values, for the history line that says a change was superseded.
    public func summary(of pet: Pet) -> String {
        switch self {
        case .identity: return "named \(pet.name), \(pet.kind)"
        case .settings:
            return "wash \(pet.washDuration), dry \(pet.dryDuration), every \(CycleDays.format(pet.cycleDays))"
        case .cycle: return pet.stage.rawValue
        case .reminders: return pet.snoozedUntil.map { "snoozed until \(Timestamp.format($0))" } ?? "not snoozed"
        }
    }

    /// Copies this part's values (and its stamps) from `source`.
    public func copy(from source: Pet, to target: inout Pet) {
        switch self {
        case .identity:
            target.name = source.name
            target.kind = source.kind
        case .settings:
            target.washDuration = source.washDuration
            target.dryDuration = source.dryDuration
            target.cycleDays = source.cycleDays
        case .cycle:
            target.stage = source.stage
            target.loadID = source.loadID
            target.lastLaundryAt = source.lastLaundryAt
            target.totalCycles = source.totalCycles
            target.currentStreak = source.currentStreak
            target.longestStreak = source.longestStreak
        case .reminders:
            target.snoozedUntil = source.snoozedUntil
        }
        if source.parts != nil || target.parts != nil {
            var parts = target.parts ?? PartStamps()
            parts[self] = source.parts?[self] ?? []
            target.parts = parts
        }
    }
}
