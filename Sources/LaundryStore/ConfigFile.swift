import FoundationEssentials
import LaundryCore

/// `config.json`: optional; a missing file means the defaults, a broken one is a clear error.
public enum ConfigFile {
    public static func load(_ paths: LaundryPaths) throws(StoreError) -> DaemonConfig {
        let read: PosixFile.ReadResult
        do { read = try PosixFile.read(paths.config) } catch {
            throw .configBroken(path: paths.config, reason: error.reason)
        }
        guard case .data(let data) = read else { return .defaults }
        do { return try JSONCoding.decoder().decode(DaemonConfig.self, from: data) } catch {
            throw .configBroken(path: paths.config, reason: JSONCoding.reason(error))
        }
    }
}
