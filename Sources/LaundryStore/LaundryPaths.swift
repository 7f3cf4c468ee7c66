import Foundation

/// Where `laundry` keeps its files: `$LAUNDRY_HOME`, else `$XDG_DATA_HOME/laundry`, else
/// `~/.local/share/laundry`. Only UUIDs ever name a file under it.
public struct LaundryPaths: Sendable {
    public let root: String

    public init(root: String) { self.root = root }

    public static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) -> LaundryPaths {
        if let home = environment["LAUNDRY_HOME"], !home.isEmpty { return LaundryPaths(root: home) }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return LaundryPaths(root: data + "/laundry") }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return LaundryPaths(root: home + "/.local/share/laundry")
    }

    public var pets: String { root + "/pets" }
    public var timers: String { root + "/timers" }
    public var history: String { root + "/history" }
    public var locks: String { root + "/locks" }
    public var config: String { root + "/config.json" }

    public func petFile(_ id: UUID) -> String { "\(pets)/\(Self.fileStem(id)).json" }
    public func timerFile(_ id: UUID) -> String { "\(timers)/\(Self.fileStem(id)).json" }
    public func historyFile(_ id: UUID) -> String { "\(history)/\(Self.fileStem(id)).jsonl" }
    public func lockFile(_ id: UUID) -> String { "\(locks)/\(Self.fileStem(id)).lock" }
    public var namesLockFile: String { locks + "/names.lock" }

    /// Lower-case UUIDs name the files.
    public static func fileStem(_ id: UUID) -> String { id.uuidString.lowercased() }

    /// The UUID a file in `pets/` or `timers/` belongs to, or nil for a file that is not ours.
    public static func id(fromFileName name: String, suffix: String) -> UUID? {
        guard name.hasSuffix(suffix), name.count == 36 + suffix.count else { return nil }
        return UUID(uuidString: String(name.dropLast(suffix.count)))
    }
}
