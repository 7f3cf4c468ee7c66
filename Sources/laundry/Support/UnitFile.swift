import Foundation
import LaundryCore
import LaundryStore

/// Writes the systemd user unit atomically; a unit is not secret, so it is 0644 like any config.
enum UnitFile {
    static func write(_ text: String, to path: String) throws {
        try StoreFiles.writeAtomically(Data(text.utf8), to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    }
}
