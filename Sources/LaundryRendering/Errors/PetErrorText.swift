import LaundryCore

/// The words of `PetError`: what a person asked of a pet that cannot be, and what to type instead.
extension ErrorText {
    static func petLine(_ error: PetError) -> String {
        switch error {
        case .unknownPet(let query, let suggestion?):
            return Words.text(
                "no pet called '{query}'; did you mean '{suggestion}'? see them all with: laundry list",
                ["query": shown(query), "suggestion": shown(suggestion)])
        case .unknownPet(let query, nil):
            return Words.text("no pet called '{query}'; see them all with: laundry list", ["query": shown(query)])
        case .ambiguousPet(let query, let candidates):
            return Words.count(
                candidates.count, "'{query}' matches {count} pet: {names}; type more of the name",
                "'{query}' matches {count} pets: {names}; type more of the name",
                ["query": shown(query), "names": candidates.map { "'\(shown($0))'" }.joined(separator: ", ")])
        case .noPets:
            return Words.text("you have no pets yet; adopt one with: laundry adopt <name>")
        case .invalidName(let raw, let problem):
            return Words.text(
                "'{name}' cannot be a pet name: {reason}", ["name": shown(raw), "reason": nameLine(problem)])
        case .unknownKind(let kind, let known):
            return Words.text(
                "'{kind}' is not a kind of laundry; use one of: {kinds}",
                ["kind": shown(kind), "kinds": known.map(\.choice).joined(separator: ", ")])
        case .invalidCycleDays(let text):
            return Words.text(
                "'{text}' is not a number of days; use a number from 0.01 to 365, for example --every 7",
                ["text": shown(text)])
        case .cycleDaysOutOfRange(let text):
            return Words.text("--every must be between 0.01 and 365 days (it is {text})", ["text": shown(text)])
        case .illegalMove(let move, let pet, let stage, let timerLeft):
            return Words.text(
                "cannot {move} {name}: it is {stage} ({status}); {hint}",
                [
                    "move": move.verb, "name": shown(pet), "stage": stage.predicate, "status": stage.statusText,
                    "hint": hint(move, pet: pet, stage: stage, timerLeft: timerLeft),
                ])
        case .pausedTimer(let move, let pet, let stage, let timerLeft):
            let name = shown(pet)
            return Words.text(
                "cannot {move} {name}: it is {stage}, paused with {left} left; resume it with: {resume}, "
                    + "or stop it with: {cancel}",
                [
                    "move": move.verb, "name": name, "stage": stage.predicate,
                    "left": DurationText.left(timerLeft), "resume": TypedCommand.typed(.resume, name),
                    "cancel": TypedCommand.typed(.cancel, name),
                ])
        case .notPaused(let pet):
            return Words.text(
                "{name} is not paused; pause it with: {command}",
                ["name": shown(pet), "command": TypedCommand.typed(.pause, shown(pet))])
        case .alreadyPaused(let pet):
            return Words.text(
                "{name} is already paused; resume it with: {command}",
                ["name": shown(pet), "command": TypedCommand.typed(.resume, shown(pet))])
        case .notSnoozed(let pet):
            return Words.text("{name} is not snoozed: there is no snooze to end", ["name": shown(pet)])
        case .endBeforeNow(let pet, let left, let by):
            return Words.text(
                "cannot end {name} {by} earlier: it has {left} left; to end it now: {command}",
                [
                    "name": shown(pet), "by": DurationText.length(seconds: -by), "left": DurationText.left(left),
                    "command": TypedCommand.typed(.finish, shown(pet)),
                ])
        case .endTooFar(let pet, let left, let by):
            return Words.text(
                "cannot end {name} {by} later: it has {left} left, and a load can have at most 24 hours left",
                ["name": shown(pet), "by": DurationText.length(seconds: by), "left": DurationText.left(left)])
        case .unknownProgramme(let programme, let pet, let known) where known.isEmpty:
            return Words.text(
                "{name} has no programmes yet; add one with: laundry set --programme {programme}=2h15m {typed}",
                ["name": shown(pet), "typed": ShellQuote.argument(shown(pet)), "programme": shown(programme)])
        case .unknownProgramme(let programme, let pet, let known):
            return Words.text(
                "{name} has no programme '{programme}'; its programmes: {known} "
                    + "(add one with: laundry set --programme {programme}=2h15m {typed})",
                [
                    "name": shown(pet), "typed": ShellQuote.argument(shown(pet)), "programme": shown(programme),
                    "known": known.joined(separator: ", "),
                ])
        case .notAPersonName(let text):
            return Words.text(
                "'{text}' cannot be a person in the rotation: a name has 1 to 30 characters, none of them invisible",
                ["text": shown(text)])
        case .personTwice(let name):
            return Words.text(
                "'{name}' is in the rotation twice; name each person once, in the order their turns come",
                ["name": shown(name)])
        case .nudgedTooSoon(let pet, let allowedAt):
            return Words.text(
                "{name} was nudged about this load less than an hour ago; the next nudge is allowed at {time}",
                ["name": shown(pet), "time": LocalTime.clock(allowedAt, now: allowedAt)])
        case .nobodyCalled(let person, let known) where known.isEmpty:
            return Words.text(
                "no machine of the household names '{person}' as its person; set \"person\" in that machine's "
                    + "config.json",
                ["person": shown(person)])
        case .nobodyCalled(let person, let known):
            return Words.text(
                "no machine of the household names '{person}' as its person; the people are: {known} (a machine's "
                    + "person is \"person\" in its config.json, else its login name, known to the others once the data "
                    + "folder has synced)",
                ["person": shown(person), "known": known.map(shown).joined(separator: ", ")])
        case .invalidProgramme(let text):
            return Words.text(
                "'{text}' is not a programme: write its name, '=' and its length, for example --programme eco=2h15m "
                    + "(a name is one word of letters, digits, - or _, at most 24 characters)",
                ["text": shown(text)])
        }
    }

    private static func nameLine(_ problem: NameProblem) -> String {
        switch problem {
        case .blank: return Words.text("a name cannot be empty or blank")
        case .tooLong(let characters, let limit):
            return Words.count(
                characters, "a name can have at most {limit} characters (this one has {count})",
                "a name can have at most {limit} characters (this one has {count})", ["limit": String(limit)])
        case .invisible(let scalar):
            return Words.text(
                "a name cannot contain control characters or invisible formatting such as a newline, a tab or a "
                    + "right-to-left mark (found {codePoint})",
                ["codePoint": "U+" + String(scalar, radix: 16, uppercase: true)])
        }
    }

    /// What to do instead of a move the stage does not allow.
    static func hint(_ move: Move, pet: String, stage: Stage, timerLeft: Double?) -> String {
        let name = shown(pet)
        switch (move, stage) {
        case (_, .washing), (_, .drying):
            guard let timerLeft else {
                return Words.text(
                    "wait for it to finish, or stop it with: {command}", ["command": TypedCommand.typed(.cancel, name)])
            }
            return Words.text(
                "wait for it to finish ({left} left), or stop it with: {command}",
                ["left": DurationText.left(timerLeft), "command": TypedCommand.typed(.cancel, name)])
        case (.dry, .idle), (.fold, .idle):
            return Words.text("wash it first: {command}", ["command": TypedCommand.typed(.wash, name)])
        case (.moreDry, .washed):
            return Words.text("dry it first: {command}", ["command": TypedCommand.typed(.dry, name)])
        default:
            let commands = stage.nextMoves.map { TypedCommand.typed($0, name) }
            return Words.text(
                "next: {commands}", ["commands": commands.joined(separator: Words.text(" or "))])
        }
    }
}
