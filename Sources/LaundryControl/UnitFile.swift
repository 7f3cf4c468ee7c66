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
        let filled = text.replacing("@LAUNDRYD@", with: executable)
        try StoreFiles.writeAtomically(Data(filled.utf8), to: unit)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: unit)
        return unit
    }
}
