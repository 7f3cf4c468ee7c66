import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore

/// Unsafe broker settings, before anything is sent: a password in the clear, files others can read (logged; in doctor).
public enum BrokerWarning: Equatable, Sendable {
    /// `passwordFile` with `mqtt://`: the password crosses the network unencrypted.
    case passwordInClear(url: String)
    /// A file that names or holds the password is readable by other users.
    case readableByOthers(path: String)
}

/// The password and the file checks, read from this machine's files.
public enum BrokerCheck {
    public static func warnings(
        _ settings: BrokerSettings, configPath: String?, environment: [String: String]
    ) -> [BrokerWarning] {
        var found: [BrokerWarning] = []
        if settings.sendsPasswordInClear { found.append(.passwordInClear(url: settings.url)) }
        if let file = settings.passwordFile {
            let paths = [configPath, fullPath(file, environment: environment)].compactMap { $0 }
            for path in paths where readableByOthers(path) { found.append(.readableByOthers(path: path)) }
        }
        return found
    }

    /// The password file's first line, or nil when config.json names none.
    public static func password(_ settings: BrokerSettings, environment: [String: String]) throws(BrokerProblem)
        -> String?
    {
        guard let file = settings.passwordFile else { return nil }
        let path = fullPath(file, environment: environment)
        guard let data = FileManager.default.contents(atPath: path) else { throw .passwordUnreadable(path: path) }
        let text = String(decoding: data, as: UTF8.self)
        return String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    /// The settings with `~/` in their file names spelt out.
    public static func withFullPaths(_ settings: BrokerSettings, environment: [String: String]) -> BrokerSettings {
        var full = settings
        full.caFile = settings.caFile.map { fullPath($0, environment: environment) }
        full.certFile = settings.certFile.map { fullPath($0, environment: environment) }
        full.keyFile = settings.keyFile.map { fullPath($0, environment: environment) }
        full.passwordFile = settings.passwordFile.map { fullPath($0, environment: environment) }
        return full
    }

    public static func fullPath(_ path: String, environment: [String: String]) -> String {
        guard path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty else { return path }
        return home + path.dropFirst(1)
    }

    private static func readableByOthers(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & (S_IRGRP | S_IROTH) != 0
    }
}
