import LaundryCore
import LaundryStore

/// The words of `StoreError`, `ConfigProblem` and `StoreProblem`: the files, and a wrong setting.
extension ErrorText {
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

    /// A problem found in the files that did not stop the command (a warning, and a `doctor` line).
    public static func line(for problem: StoreProblem) -> String {
        switch problem {
        case .unreadable(let path, let reason):
            return "skipping \(shown(path)): \(shown(reason)); the other pets are fine"
        case .newerSchema(let path, let version):
            return "\(shown(path)) was saved by a newer laundry (schema \(version)); "
                + "it is shown read-only — upgrade laundry to change it"
        }
    }

    /// What `doctor` suggests for a problem found in the files.
    public static func fix(for problem: StoreProblem) -> String {
        switch problem {
        case .newerSchema: return "upgrade laundry"
        case .unreadable:
            return "a file of this machine's is set aside by its next change to that pet; another machine's is read "
                + "again when it sends a new version; otherwise check its type and permissions"
        }
    }
}
