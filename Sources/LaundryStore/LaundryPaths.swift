import FoundationEssentials

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Where `laundry` keeps its files: `$LAUNDRY_HOME`, else `$XDG_DATA_HOME/laundry`, else
/// `~/.local/share/laundry`. Only UUIDs ever name a file under it.
public struct LaundryPaths: Sendable {
    public let root: String

    public init(root: String) { self.root = root }

    public static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) -> LaundryPaths {
        if let home = environment["LAUNDRY_HOME"], !home.isEmpty { return LaundryPaths(root: home) }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return LaundryPaths(root: data + "/laundry") }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? userHome()
        return LaundryPaths(root: home + "/.local/share/laundry")
    }

    /// `$XDG_STATE_HOME/laundry`, else `~/.local/state/laundry`: what stays on this machine (the
    /// daemon's log, the device id).
    public static func stateFolder(environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/laundry" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? userHome()
        return home + "/.local/state/laundry"
    }

    /// The home folder in the password database, for when `HOME` is not set (`/` if none).
    public static func userHome() -> String {
        guard let entry = getpwuid(getuid()), let folder = entry.pointee.pw_dir else { return "/" }
        let path = String(cString: folder)
        return path.isEmpty ? "/" : path
    }

    public var pets: String { root + "/pets" }
    public var timers: String { root + "/timers" }
    public var history: String { root + "/history" }
    public var locks: String { root + "/locks" }
    /// Each machine's notes on what it announced, one folder per device id.
    public var devices: String { root + "/devices" }
    /// One file per released pet, so the release reaches every machine and wins over older changes.
    public var released: String { root + "/released" }

    public func petFile(_ id: UUID) -> String { "\(pets)/\(Self.fileStem(id)).json" }
    public func timerFile(_ id: UUID) -> String { "\(timers)/\(Self.fileStem(id)).json" }
    public func historyFile(_ id: UUID) -> String { "\(history)/\(Self.fileStem(id)).jsonl" }
    public func lockFile(_ id: UUID) -> String { "\(locks)/\(Self.fileStem(id)).lock" }
    public var namesLockFile: String { locks + "/names.lock" }
    public func notesFolder(device: String) -> String { "\(devices)/\(device)" }
    public func notesFile(_ id: UUID, device: String) -> String {
        "\(notesFolder(device: device))/\(Self.fileStem(id)).json"
    }
    public func releaseFile(_ id: UUID) -> String { "\(released)/\(Self.fileStem(id)).json" }

    /// The pet a sync engine's conflict copy belongs to: Syncthing keeps the name and the
    /// extension around `.sync-conflict-<date>-<time>-<device>` (twice, for a copy of a copy).
    public static func id(fromConflictName name: String, suffix: String) -> UUID? {
        let bytes = Array(name.utf8)
        let marker = ".sync-conflict-"
        guard bytes.count > 36 + marker.utf8.count + suffix.utf8.count, name.hasSuffix(suffix),
            bytes[36..<(36 + marker.utf8.count)].elementsEqual(marker.utf8)
        else { return nil }
        return parseUUID(bytes[0..<36])
    }

    /// Lower-case UUIDs name the files.
    public static func fileStem(_ id: UUID) -> String { id.lowercasedText }

    /// The UUID a file in `pets/` or `timers/` belongs to, or nil for a file that is not ours.
    public static func id(fromFileName name: String, suffix: String) -> UUID? {
        let bytes = Array(name.utf8)
        guard bytes.count == 36 + suffix.utf8.count, name.hasSuffix(suffix) else { return nil }
        return parseUUID(bytes[0..<36])
    }

    /// Reads a UUID's 36 characters by hand: Foundation's parser goes through `sscanf`, which
    /// showed up when listing 1,000 pets.
    static func parseUUID(_ text: ArraySlice<UInt8>) -> UUID? {
        var bytes = [UInt8](repeating: 0, count: 16)
        var index = 0
        var high: UInt8?
        for (position, character) in text.enumerated() {
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            let nibble: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = character - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let first = high {
                bytes[index] = first << 4 | nibble
                index += 1
                high = nil
            } else {
                high = nibble
            }
        }
        guard index == 16 else { return nil }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
