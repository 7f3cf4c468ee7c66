import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore

/// Home Assistant's long-lived access token, from a file only its owner can read (the daemon reads it at each
/// connection, so a new token is taken without a restart; doctor checks it the same way).
public enum HomeAssistantCheck {
    public static func token(_ settings: HomeAssistantSettings, environment: [String: String])
        throws(HomeAssistantProblem) -> String
    {
        let path = BrokerCheck.fullPath(settings.tokenFile, environment: environment)
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .tokenUnreadable(reason: SystemErrorText.describe(errno))
        }
        let mode = UInt32(info.st_mode) & 0o777
        guard mode & 0o077 == 0, info.st_uid == getuid() else { throw .tokenOpenToOthers(path: path, mode: mode) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .tokenUnreadable(reason: SystemErrorText.describe(errno))
        }
        let token = String(decoding: data, as: UTF8.self).trimming()
        guard !token.isEmpty, !token.contains("\n"), token.count < 4096 else { throw .tokenEmpty(path: path) }
        return token
    }
}
