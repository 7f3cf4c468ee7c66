import LaundryCore

/// The words of `PetError`: what a person asked of a pet that cannot be, and what to type instead.
extension ErrorText {
    static func petLine(_ error: PetError) -> String {
        switch error {
        case .unknownPet(let query, let suggestion):
            let hint = suggestion.map { "did you mean '\(shown($0))'? " } ?? ""
            return "no pet called '\(shown(query))'; \(hint)see them all with: laundry list"
        case .ambiguousPet(let query, let candidates):
            let names = candidates.map { "'\(shown($0))'" }.joined(separator: ", ")
            return "'\(shown(query))' matches \(Plural.count(candidates.count, "pet")): \(names); type more of the name"
        case .noPets:
            return "you have no pets yet; adopt one with: laundry adopt <name>"
        case .invalidName(let raw, let reason):
            return "'\(shown(raw))' cannot be a pet name: \(reason)"
        case .unknownKind(let kind, let known):
            return "'\(shown(kind))' is not a kind of laundry; use one of: \(known.joined(separator: ", "))"
        case .invalidCycleDays(let text):
            return "'\(shown(text))' is not a number of days; use a number from 0.01 to 365, for example --every 7"
        case .cycleDaysOutOfRange(let text):
            return "--every must be between 0.01 and 365 days (it is \(shown(text)))"
        case .illegalMove(let move, let pet, let stage, let timerLeft):
            return "cannot \(move.rawValue) \(shown(pet)): it is \(stage.rawValue) (\(stage.statusText)); "
                + hint(move, pet: pet, stage: stage, timerLeft: timerLeft)
        case .pausedTimer(let move, let pet, let stage, let timerLeft):
            let name = shown(pet)
            return "cannot \(move.rawValue) \(name): it is \(stage.rawValue), paused with "
                + "\(DurationText.countdown(timerLeft)) left; resume it with: \(TypedCommand.typed(.resume, name)), "
                + "or stop it with: \(TypedCommand.typed(.cancel, name))"
        case .notPaused(let pet):
            return "\(shown(pet))'s timer is not paused; pause it with: \(TypedCommand.typed(.pause, shown(pet)))"
        case .alreadyPaused(let pet):
            return "\(shown(pet))'s timer is already paused; resume it with: \(TypedCommand.typed(.resume, shown(pet)))"
        }
    }

    /// What to do instead of a move the stage does not allow.
    static func hint(_ move: Move, pet: String, stage: Stage, timerLeft: Double?) -> String {
        let name = shown(pet)
        switch (move, stage) {
        case (_, .washing), (_, .drying):
            let left = timerLeft.map { " (\(DurationText.countdown($0)) left)" } ?? ""
            return "wait for it to finish\(left), or stop it with: \(TypedCommand.typed(.cancel, name))"
        case (.dry, .idle), (.fold, .idle):
            return "wash it first: \(TypedCommand.typed(.wash, name))"
        case (.moreDry, .washed):
            return "dry it first: \(TypedCommand.typed(.dry, name))"
        default:
            return "next: " + stage.nextMoves.map { TypedCommand.typed($0, name) }.joined(separator: " or ")
        }
    }
}
