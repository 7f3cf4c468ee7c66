import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore

/// Which laundry runs if a package and `make install` in `~/.local` coexist: PATH binaries, user units, a stale daemon.
public enum InstallCheck {
    /// Every `laundry` on PATH, in PATH's order, each once (by its real path).
    public static func binariesOnPath(environment: [String: String]) -> [String] {
        var seen: Set<String> = []
        var found: [String] = []
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/laundry"
            guard access(candidate, X_OK) == 0, let real = realPath(candidate), seen.insert(real).inserted else {
                continue
            }
            found.append(candidate)
        }
        return found
    }

    /// The user units systemd would find, first used first: the user's own (`laundry daemon install`) shadows the rest.
    public static func userUnits(environment: [String: String]) -> [String] {
        let home = environment["HOME"] ?? ""
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return [
            config + "/systemd/user/laundry.service", "/etc/systemd/user/laundry.service",
            "/usr/local/lib/systemd/user/laundry.service", "/usr/lib/systemd/user/laundry.service",
        ].filter { access($0, R_OK) == 0 }
    }

    /// The program a unit starts (its `ExecStart`'s first word).
    public static func program(ofUnit path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("ExecStart=") }
        return line.flatMap { $0.dropFirst("ExecStart=".count).split(separator: " ").first.map(String.init) }
    }

    public static var ownBinary: String? { realPath("/proc/self/exe") }

    /// Why a running daemon is older than the installed laundry.
    public enum StaleDaemon: Equatable, Sendable {
        /// Its binary was replaced since it started (an upgrade).
        case replaced(path: String)
        /// It says another version than the installed one.
        case otherVersion(running: String, installed: String)
    }

    /// Why daemon `pid` is older than the installed laundry (binary replaced since, or another version said), or nil.
    public static func staleDaemon(pid: Int32, version: String?, currentVersion: String) -> StaleDaemon? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/\(pid)/exe", &buffer, buffer.count - 1)
        if length > 0 {
            let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if target.hasSuffix(" (deleted)") { return .replaced(path: String(target.dropLast(" (deleted)".count))) }
        }
        if let version, version != currentVersion { return .otherVersion(running: version, installed: currentVersion) }
        return nil
    }

    /// Packages the Debian package recommends, and the files that show each is here; the caller names what each adds.
    public static let recommended: [(package: String, files: [String])] = [
        ("sound-theme-freedesktop", ["/usr/share/sounds/freedesktop/stereo/complete.oga"]),
        ("pulseaudio | pipewire-pulse", ["/usr/bin/pulseaudio", "/usr/bin/pipewire-pulse"]),
        ("syncthing", ["/usr/bin/syncthing"]),
        ("apprise", ["/usr/bin/apprise", "/usr/local/bin/apprise"]),
        ("bash-completion", ["/usr/share/bash-completion/bash_completion"]),
    ]

    public static func missingRecommendations() -> [String] {
        recommended.filter { !$0.files.contains { access($0, R_OK) == 0 } }.map(\.package)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
