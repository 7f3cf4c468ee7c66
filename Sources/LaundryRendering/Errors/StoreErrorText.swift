import LaundryCore
import LaundryStore

/// The words of `StoreError`, `ConfigProblem` and `StoreProblem`: the files, and a wrong setting.
extension ErrorText {
    static func storeLine(_ error: StoreError) -> String {
        switch error {
        case .unreadable(let path, let problem):
            return Words.text("cannot read {path}: {reason}", ["path": shown(path), "reason": line(for: problem)])
        case .unwritable(let path, let problem):
            return Words.text("cannot write {path}: {reason}", ["path": shown(path), "reason": line(for: problem)])
        case .newerSchema(let pet, let path, let version):
            return Words.text(
                "{pet} was saved by a newer laundry (schema {version}) in {path}; it is shown but not "
                    + "changed — upgrade laundry to change it",
                ["pet": shown(pet), "version": String(version), "path": shown(path)])
        case .nameTaken(let name):
            return Words.text(
                "a pet called '{name}' already exists; pick another name or rename it with: laundry set "
                    + "--name NEW {command}",
                ["name": shown(name), "command": ShellQuote.argument(shown(name))])
        case .dataFolderMissing(let searched):
            return Words.text(
                "cannot find laundry's data folder (looked in {folders}); set LAUNDRY_DATA_DIR to the "
                    + "folder that holds kinds.json",
                ["folders": searched.map(place).joined(separator: ", ")])
        case .dataFileBroken(let path, let problem):
            return Words.text(
                "the data file {path} is broken: {reason}; reinstall laundry or fix LAUNDRY_DATA_DIR",
                ["path": shown(path), "reason": line(for: problem)])
        case .configBroken(let path, let problem):
            return Words.text(
                "the settings file {path} is broken: {reason}; fix it, or delete it to use the defaults",
                ["path": shown(path), "reason": line(for: problem)])
        case .configInvalid(let path, let problem):
            return Words.text("{path}: {problem}", ["path": shown(path), "problem": configLine(problem)])
        }
    }

    /// What a JSON text has where it stops being JSON, and what belongs there.
    private static func syntaxLine(_ syntax: JSONSyntaxError) -> String {
        let found = syntax.found.map { "'\(shown($0))'" } ?? Words.text("the end of the file")
        switch syntax.expected {
        case .value:
            return Words.text(
                "a value belongs there (a number, text in double quotes, true, false, null, {{…}} or […]), "
                    + "not {found}",
                ["found": found])
        case .key:
            return Words.text("a setting's name in double quotes belongs there, not {found}", ["found": found])
        case .colon:
            return Words.text("':' belongs after the setting's name, not {found}", ["found": found])
        case .commaOrObjectEnd:
            return Words.text("',' belongs between two settings, or '}}' at the end, not {found}", ["found": found])
        case .commaOrListEnd:
            return Words.text(
                "',' belongs between two items of a list, or ']' at its end, not {found}", ["found": found])
        case .end:
            return Words.text("nothing belongs after the end of the settings, but there is {found}", ["found": found])
        case .closingQuote:
            return Words.text("the text in double quotes that starts there is not closed")
        case .escape:
            return Words.text(
                "after '\\' comes an escape such as \\n, \\\" or \\u00e9, not {found}", ["found": found])
        case .escapedControlCharacter:
            return Words.text(
                "text in double quotes cannot hold a tab, a line break or another control character as it is; "
                    + "write \\t, \\n or \\u0001 instead")
        case .utf8:
            return Words.text("the text there is not UTF-8; save the file as UTF-8")
        }
    }

    /// One wrong setting, named by its key, with what to write instead.
    static func configLine(_ problem: ConfigProblem) -> String {
        switch problem {
        case .notJSON(nil):
            return Words.text("it is not valid JSON; fix it, or delete it to use the defaults")
        case .notJSON(let syntax?):
            return Words.text(
                "it is not valid JSON at line {line}, column {column}: {problem}; fix it there, or delete the file to "
                    + "use the defaults",
                ["line": String(syntax.line), "column": String(syntax.column), "problem": syntaxLine(syntax)])
        case .notAnObject:
            return Words.text("it must be one JSON object of settings, such as {\"sound\": false}")
        case .unknownKey(let key, let suggestion?):
            return Words.text(
                "unknown setting '{key}'; did you mean '{suggestion}'?", ["key": shown(key), "suggestion": suggestion])
        case .unknownKey(let key, nil):
            return Words.text(
                "unknown setting '{key}'; remove it (the settings are listed in the README, \"Settings\")",
                ["key": shown(key)])
        case .wrongType(let key, let expected):
            return Words.text("'{key}' must be {expected}", ["key": key, "expected": valueLine(expected)])
        case .outOfRange(let key, let value, let allowed):
            return Words.text(
                "'{key}' must be {allowed} (it is {value})",
                ["key": key, "allowed": valueLine(allowed), "value": shown(value)])
        case .badTime(let key, let value):
            return Words.text(
                "'{key}' is '{value}', not a time of day; write it as HH:MM, such as \"22:00\"",
                ["key": key, "value": shown(value)])
        case .emptyWindow(let key):
            return Words.text("'{key}' starts when it ends; give 'from' and 'to' different times", ["key": key])
        case .emptyHook:
            return Words.text("'hook' names no program; write it as [\"program\", \"argument\", …], or remove it")
        case .missingKey(let key, let example):
            return Words.text("'{key}' is missing; add it, such as {example}", ["key": key, "example": example])
        case .missingPartner(let key, let other):
            return Words.text(
                "'{key}' is missing; '{other}' needs it beside it: give both, or neither", ["key": key, "other": other])
        case .appliancesWithoutBroker:
            return Words.text(
                "'appliances' needs 'mqtt': the plugs' power is read through the broker; add \"mqtt\": {\"url\": …}")
        case .machinesWithoutHomeAssistant:
            return Words.text(
                "an appliance's 'homeAssistant' needs the top-level 'homeAssistant': add \"homeAssistant\": "
                    + "{\"url\": \"https://homeassistant.local:8123\", \"tokenFile\": …}")
        case .priceTopicWithoutBroker:
            return Words.text(
                "'priceTopic' needs 'mqtt': the price is read through the broker; add \"mqtt\": {\"url\": …}")
        case .several(let problems):
            return Words.count(
                problems.count, "{count} problem: {problems}", "{count} problems: {problems}",
                ["problems": problems.map(configLine).joined(separator: "; ")])
        }
    }

    static func valueLine(_ value: ConfigValue) -> String {
        switch value {
        case .number: return Words.text("a number")
        case .wholeNumber: return Words.text("a whole number")
        case .boolean: return Words.text("true or false")
        case .object: return Words.text("an object")
        case .objectLike(let example): return Words.text("an object such as {example}", ["example": example])
        case .stringList(let example): return Words.text("a list of strings, such as {example}", ["example": example])
        case .objectList(let example): return Words.text("a list of objects, such as {example}", ["example": example])
        case .shortText(let example):
            return Words.text("a short text (at most 8 characters), such as {example}", ["example": example])
        case .personName(let example):
            return Words.text("a name of 1 to 30 characters, such as {example}", ["example": example])
        case .timeOfDay(let example): return Words.text("a time of day such as {example}", ["example": example])
        case .oneOf(let values):
            return values.dropFirst().reduce(values.first ?? "") {
                Words.text("{one} or {other}", ["one": $0, "other": $1])
            }
        case .userName: return Words.text("a user name")
        case .filePath(let example): return Words.text("a path such as {example}", ["example": example])
        case .topic(let example): return Words.text("a topic such as {example}", ["example": example])
        case .plainTopic(let example):
            return Words.text("a topic without spaces, \"+\" or \"#\", such as {example}", ["example": example])
        case .dottedPath(let example): return Words.text("a dotted path such as {example}", ["example": example])
        case .between(let lowest, let highest):
            return Words.text(
                "between {lowest} and {highest}",
                ["lowest": NumberText.plain(lowest), "highest": NumberText.plain(highest)])
        case .atMost(let key, let limit):
            return Words.text("at most {key} ({value})", ["key": key, "value": NumberText.plain(limit)])
        }
    }

    /// A problem found in the files that did not stop the command (a warning, and a `doctor` line).
    public static func line(for problem: StoreProblem) -> String {
        switch problem {
        case .unreadable(let path, let problem):
            return Words.text(
                "skipping {path}: {reason}; the other pets are fine",
                ["path": shown(path), "reason": line(for: problem)])
        case .newerSchema(let path, let version):
            return Words.text(
                "{path} was saved by a newer laundry (schema {version}); it is shown read-only — upgrade "
                    + "laundry to change it",
                ["path": shown(path), "version": String(version)])
        }
    }

    /// A place the data folder was looked for in.
    static func place(_ place: DataFolderPlace) -> String {
        switch place {
        case .variable(let folder): return "LAUNDRY_DATA_DIR=" + shown(folder)
        case .folder(let folder): return shown(folder)
        case .sourceTreeAbove(let folder):
            return Words.text("a source tree above {folder}", ["folder": shown(folder)])
        }
    }

    /// What `doctor` suggests for a problem found in the files.
    public static func fix(for problem: StoreProblem) -> String {
        switch problem {
        case .newerSchema: return Words.text("upgrade laundry")
        case .unreadable:
            return Words.text(
                "this machine's file is passed over at every reading until you repair it or move it away (a pet no "
                    + "other machine has is missing until then; one another machine has is still shown, and its next "
                    + "change renames the file to *.corrupt-<time>); another machine's is read again when it sends a "
                    + "new version; otherwise check its type and permissions")
        }
    }
}
