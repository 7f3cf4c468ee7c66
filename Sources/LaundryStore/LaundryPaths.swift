import FoundationEssentials
@preconcurrency import Glibc

/// laundry's files. The data folder (`$LAUNDRY_HOME`, else `$XDG_DATA_HOME/laundry`, else `~/.local/share/laundry`) may
/// be shared: a machine writes only in its `machines/<device-id>/`. Only UUIDs and device ids name files.
public struct LaundryPaths: Sendable {
    public let root: String
    /// `$XDG_STATE_HOME/laundry`: the device id, the daemon's notes and log.
    public let state: String
    /// `$XDG_RUNTIME_DIR/laundry`: locks, the daemon's lock and status.
    public let runtime: String

    public init(root: String, state: String, runtime: String) {
        self.root = root
        self.state = state
        self.runtime = runtime
    }

    /// A data folder with this machine's folders beside it (`<root>.state`, `<root>.run`), for tests and tools.
    public init(root: String) {
        self.init(root: root, state: root + ".state", runtime: root + ".run")
    }

    public static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) -> LaundryPaths {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? userHome()
        let root: String
        if let data = environment["LAUNDRY_HOME"], !data.isEmpty {
            root = data
        } else if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            root = data + "/laundry"
        } else {
            root = home + "/.local/share/laundry"
        }
        return LaundryPaths(
            root: root, state: stateFolder(environment: environment), runtime: runtimeFolder(environment: environment))
    }

    /// `$XDG_STATE_HOME/laundry`, else `~/.local/state/laundry`.
    public static func stateFolder(environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/laundry" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? userHome()
        return home + "/.local/state/laundry"
    }

    /// `$XDG_RUNTIME_DIR/laundry`, else `/tmp/laundry-runtime-<uid>/laundry` (vetted by `SafeFolder`).
    public static func runtimeFolder(environment: [String: String]) -> String {
        let base = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? fallbackRuntime
        return base + "/laundry"
    }

    public static var fallbackRuntime: String { "/tmp/laundry-runtime-\(getuid())" }

    /// The home folder in the password database, for when `HOME` is not set (`/` if none).
    public static func userHome() -> String {
        guard let entry = getpwuid(getuid()), let folder = entry.pointee.pw_dir else { return "/" }
        let path = String(cString: folder)
        return path.isEmpty ? "/" : path
    }

    public var machines: String { root + "/machines" }
    public func machine(_ device: String) -> String { "\(machines)/\(device)" }
    public func records(_ device: String) -> String { machine(device) + "/pets" }
    public func histories(_ device: String) -> String { machine(device) + "/history" }
    public func recordFile(_ id: UUID, device: String) -> String { "\(records(device))/\(Self.fileStem(id)).json" }
    public func historyFile(_ id: UUID, device: String) -> String {
        "\(histories(device))/\(Self.fileStem(id)).jsonl"
    }
    /// Who this machine is (its host), and that it writes in this layout.
    public func machineFile(_ device: String) -> String { machine(device) + "/machine.json" }
    public func householdFile(_ device: String) -> String { machine(device) + "/household.json" }

    public var notes: String { state + "/notes" }
    public func notesFile(_ id: UUID) -> String { "\(notes)/\(Self.fileStem(id)).json" }
    public var deviceFile: String { state + "/device-id" }
    public var locks: String { runtime + "/locks" }
    public func lockFile(_ id: UUID) -> String { "\(locks)/\(Self.fileStem(id)).lock" }
    public var namesLockFile: String { locks + "/names.lock" }

    public static func fileStem(_ id: UUID) -> String { id.lowercasedText }

    /// The UUID a record or history file belongs to, or nil for a file that is not ours.
    public static func id(fromFileName name: String, suffix: String) -> UUID? {
        guard name.utf8.count == 36 + suffix.utf8.count, name.hasSuffix(suffix) else { return nil }
        return UUID(uuidString: String(name.dropLast(suffix.count)))
    }
}
