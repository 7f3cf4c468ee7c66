import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore

/// `config.json`, in `$XDG_CONFIG_HOME/laundry/`, never the data folder: it holds a command line (the hook) and the
/// data folder may be shared with other machines. A missing file means the defaults; a broken one is a clear error.
public enum ConfigFile {
    /// `$XDG_CONFIG_HOME/laundry/config.json`, else `~/.config/laundry/config.json`.
    public static func path(environment: [String: String]) -> String { path { environment[$0] } }

    /// The same from a lookup of one variable at a time (`getenv`), for a start-up building no environment dictionary.
    public static func path(variable: (String) -> String?) -> String {
        if let folder = variable("XDG_CONFIG_HOME"), folder.hasPrefix("/") { return folder + "/laundry/config.json" }
        let home = variable("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? LaundryPaths.userHome()
        return home + "/.config/laundry/config.json"
    }

    public static func load(_ path: String) throws(StoreError) -> DaemonConfig {
        let read: PosixFile.ReadResult
        do { read = try PosixFile.read(path) } catch {
            throw .configBroken(path: path, problem: error.problem ?? .missing)
        }
        guard case .data(let data) = read else { return .defaults }
        do { return try JSONCoding.decoder().decode(DaemonConfig.self, from: data) } catch let problem
            as ConfigProblem
        {
            throw .configInvalid(path: path, problem: problem)
        } catch {
            throw .configInvalid(path: path, problem: .notJSON(JSONSyntaxError.find(in: data)))
        }
    }
}
