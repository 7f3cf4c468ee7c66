import LaundryActions
import LaundryControl
import LaundryCore
import LaundryStore

/// Every error of every layer, worded once for the command line: one line that names the problem
/// and the fix. Names from files are escaped (`UnsafeText`), so the line stays one line.
public enum ErrorText {
    /// The line for an error laundry knows, or nil for one it does not (the argument parser's).
    public static func line(for error: any Error) -> String? {
        switch error {
        case let error as PetError: return petLine(error)
        case let error as StoreError: return storeLine(error)
        case let error as DaemonError: return shown(error.description)
        case let error as ActionError: return actionLine(error)
        case let error as CommandError: return commandLine(error)
        case let error as DurationError: return error.description
        case let error as DateInputError: return error.description
        default: return nil
        }
    }

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

    static func storeLine(_ error: StoreError) -> String {
        switch error {
        case .unreadable(let path, let reason):
            return "cannot read \(shown(path)): \(reason)"
        case .unwritable(let path, let reason):
            return "cannot write \(shown(path)): \(reason)"
        case .newerSchema(let pet, let path, let version):
            return "\(shown(pet)) was saved by a newer laundry (schema \(version)) in \(shown(path)); "
                + "it is shown but not changed — upgrade laundry to change it"
        case .nameTaken(let name):
            return "a pet called '\(shown(name))' already exists; pick another name or rename it with: "
                + "laundry set \(ShellQuote.quote(shown(name))) --name NEW"
        case .dataFolderMissing(let searched):
            return "cannot find laundry's data folder (looked in \(searched.map(shown).joined(separator: ", "))); "
                + "set LAUNDRY_DATA_DIR to the folder that holds kinds.json"
        case .dataFileBroken(let path, let reason):
            return "the data file \(shown(path)) is broken: \(reason); reinstall laundry or fix LAUNDRY_DATA_DIR"
        case .configBroken(let path, let reason):
            return "the settings file \(shown(path)) is broken: \(reason); fix it, or delete it to use the defaults"
        case .configInvalid(let path, let problem):
            return "\(shown(path)): \(configLine(problem))"
        }
    }

    /// One wrong setting, named by its key, with what to write instead.
    static func configLine(_ problem: ConfigProblem) -> String {
        switch problem {
        case .notJSON:
            return "it is not valid JSON; fix it, or delete it to use the defaults"
        case .notAnObject:
            return #"it must be one JSON object of settings, such as {"sound": false}"#
        case .unknownKey(let key, let suggestion?):
            return "unknown setting '\(shown(key))'; did you mean '\(suggestion)'?"
        case .unknownKey(let key, nil):
            return "unknown setting '\(shown(key))'; remove it (the settings are listed in the README, \"Settings\")"
        case .wrongType(let key, let expected):
            return "'\(key)' must be \(expected)"
        case .outOfRange(let key, let value, let allowed):
            return "'\(key)' must be \(allowed) (it is \(value))"
        case .badTime(let key, let value):
            return "'\(key)' is '\(shown(value))', not a time of day; write it as HH:MM, such as \"22:00\""
        case .emptyWindow(let key):
            return "'\(key)' starts when it ends; give 'from' and 'to' different times"
        case .emptyHook:
            return #"'hook' names no program; write it as ["program", "argument", …], or remove it"#
        }
    }

    static func actionLine(_ error: ActionError) -> String {
        switch error {
        case .invalidFakeNow(let text):
            return "LAUNDRY_FAKE_NOW='\(shown(text))' is not an ISO 8601 date-time such as 2026-11-21T10:00:00Z; "
                + "unset it to use the real clock"
        }
    }

    static func commandLine(_ error: CommandError) -> String {
        switch error {
        case .releaseNeedsConfirmation(let pet):
            return "releasing \(shown(pet)) takes it off every machine's list and stops its timer; to confirm, run: "
                + "laundry release \(ShellQuote.quote(shown(pet))) --yes"
        case .noNotificationServer(let advice):
            return advice
        case .soundFailed(let reason, let advice):
            return "\(shown(reason)); \(advice)"
        case .followedFolderGone(let path):
            return "\(shown(path)) is gone (moved or deleted), so the stream has stopped; "
                + "start it again once LAUNDRY_HOME is back"
        case .followFailed(let call, let reason):
            return "the stream stopped: \(call) failed (\(reason)); start it again"
        case .notificationRefused(let server):
            return "the notification server \(shown(server)) refused the test notification"
        }
    }

    /// A warning line's text: what happened and what to do.
    public static func line(for warning: LaundryWarning) -> String {
        switch warning {
        case .store(let problem): return shown(problem.description)
        case .daemonNotStarted(let error):
            return "could not start the notification service (\(shown(error.description))); run: laundry daemon start"
        case .deviceRenewed(let old, let new, let host):
            return "this machine shared its device id \(old) with \(shown(host)) (a cloned disk or home folder?); "
                + "it is now \(new), and its changes so far stay valid"
        case .importWaits(let reason):
            return "the pets are not moved to this version's layout yet: \(shown(reason)); "
                + "stop it with: laundry daemon stop"
        }
    }

    private static func shown(_ text: String) -> String { UnsafeText.escaped(text) }
}
