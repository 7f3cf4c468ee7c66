import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore

/// Why the calendar is not written now, or what is unsafe: data, worded once in Rendering (`CalendarProblemText`).
public enum CalendarProblem: Error, Codable, Equatable, Sendable {
    case passwordUnreadable(path: String)
    /// `passwordFile` can be read by others than its owner: laundry will not use it.
    case passwordOpenToOthers(path: String, mode: UInt32)
    /// The server could not be reached (libcurl's reason): changes wait and are retried.
    case unreachable(reason: String)
    case refused(status: Int)
}

/// The calendar's password, from a file only its owner can read; and the warnings `doctor` shows.
public enum CalendarCheck {
    public static func password(_ settings: CalendarSettings, environment: [String: String]) throws(CalendarProblem)
        -> String?
    {
        guard let file = settings.passwordFile else { return nil }
        let path = BrokerCheck.fullPath(file, environment: environment)
        var info = stat()
        guard stat(path, &info) == 0, let data = FileManager.default.contents(atPath: path) else {
            throw .passwordUnreadable(path: path)
        }
        let mode = UInt32(info.st_mode) & 0o777
        guard mode & 0o077 == 0, info.st_uid == getuid() else { throw .passwordOpenToOthers(path: path, mode: mode) }
        let text = String(decoding: data, as: UTF8.self)
        return String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }
}
