import FoundationEssentials
import LaundryStore

/// `laundry daemon install`: the systemd user unit from the template in the data folder, atomically; 0644: not secret.
public enum UnitFile {
    /// Writes `$XDG_CONFIG_HOME/systemd/user/laundry.service` and returns its path.
    public static func install(template: String, environment: [String: String]) throws -> String {
        guard let text = try? String(contentsOfFile: template, encoding: .utf8) else {
            throw DaemonError.unitTemplateMissing(path: template)
        }
        guard let executable = DaemonProgram.path(environment: environment) else {
            throw DaemonError.daemonProgramNotFound
        }
        let configHome =
            environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? LaundryPaths.userHome()) + "/.config"
        let unit = configHome + "/systemd/user/laundry.service"
        // The folders the commands use, where they are not the ones the service manager's defaults give.
        let settings = folderVariables(environment).map { "Environment=" + quoted($0.name + "=" + $0.value) + "\n" }
        let filled = text.replacing("\nExecStart=", with: "\n" + settings.joined() + "ExecStart=")
            .replacing("@LAUNDRYD@", with: executable)
        try StoreFiles.writeAtomically(Data(filled.utf8), to: unit)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: unit)
        return unit
    }

    /// `LAUNDRY_HOME`, and each XDG folder set to other than its default.
    static func folderVariables(_ environment: [String: String]) -> [(name: String, value: String)] {
        let home = environment["HOME"] ?? LaundryPaths.userHome()
        let defaults = [
            "XDG_DATA_HOME": "/.local/share", "XDG_STATE_HOME": "/.local/state", "XDG_CONFIG_HOME": "/.config",
        ]
        var found: [(name: String, value: String)] = []
        // A relative folder is the commands' from where they run; the service starts elsewhere: it gets the full path.
        if let data = environment["LAUNDRY_HOME"], !data.isEmpty {
            let full = data.hasPrefix("/") ? data : FileManager.default.currentDirectoryPath + "/" + data
            found.append(("LAUNDRY_HOME", full))
        }
        for (name, tail) in defaults.sorted(by: { $0.key < $1.key }) {
            if let value = environment[name], value.hasPrefix("/"), value != home + tail { found.append((name, value)) }
        }
        return found
    }

    /// The data folder a unit's service watches (its variables over the user's home, as systemd starts it) when it is
    /// not the one these commands use.
    public static func otherFolder(ofUnit path: String, environment: [String: String]) -> (unit: String, own: String)? {
        let home = environment.filter { $0.key == "HOME" }
        let unit = LaundryPaths.resolve(environment: home.merging(self.environment(ofUnit: path)) { $1 }).root
        let own = LaundryPaths.resolve(environment: environment).root
        return unit == own ? nil : (unit, own)
    }

    /// The variables a unit sets on its `Environment=` lines, as systemd reads them (quotes, C escapes, `%%`).
    static func environment(ofUnit path: String) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        var variables: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Environment=") {
            for word in words(line.dropFirst("Environment=".count)) {
                let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2 { variables[String(parts[0])] = String(parts[1]) }
            }
        }
        return variables
    }

    /// One assignment quoted for an `Environment=` line: in double quotes, `\` and `"` escaped, `%` doubled.
    static func quoted(_ assignment: String) -> String {
        var text = "\""
        for character in assignment {
            switch character {
            case "\\", "\"": text += "\\" + String(character)
            case "%": text += "%%"
            case "\n": text += "\\n"
            default: text.append(character)
            }
        }
        return text + "\""
    }

    /// A line's words as systemd splits them: by white space outside quotes, `\` escapes (`\n`, `\t` as in C).
    private static func words(_ line: Substring) -> [String] {
        var words: [String] = []
        var word: String?
        var quote: Character?
        var escaped = false
        for character in line.replacing("%%", with: "%") {
            if escaped {
                word = (word ?? "") + (["n": "\n", "t": "\t"][character] ?? String(character))
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == quote {
                quote = nil
            } else if quote == nil, character == "\"" || character == "'" {
                (quote, word) = (character, word ?? "")
            } else if quote == nil, character == " " || character == "\t" {
                if let done = word { words.append(done) }
                word = nil
            } else {
                word = (word ?? "") + String(character)
            }
        }
        return words + (word.map { [$0] } ?? [])
    }
}
