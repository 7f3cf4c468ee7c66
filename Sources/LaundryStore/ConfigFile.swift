import Foundation
import LaundryCore

/// `config.json`: optional; a missing file means the defaults, a broken one is a clear error.
public enum ConfigFile {
    public static func load(_ paths: LaundryPaths) throws(LaundryError) -> DaemonConfig {
        guard case .data(let data) = try PosixFile.read(paths.config) else { return .defaults }
        do { return try JSONCoding.decoder().decode(DaemonConfig.self, from: data) } catch {
            throw .dataFileBroken(path: paths.config, reason: JSONCoding.reason(error))
        }
    }
}
