import LaundryCore

/// What can stop the notification service from starting or running. Data only; the command line
/// words it (`ErrorText`), the daemon's log uses `description`.
public enum DaemonError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call failed: the call (with its argument) and `errno`.
    case system(String, Int32)
    case alreadyRunning(pid: Int32?)
    /// The daemon was started but exited at once; its log says why.
    case exitedAtOnce(log: String)
    case executableNotFound
    case unitTemplateMissing(path: String)
    /// A folder the daemon needs (its log's) cannot be made.
    case folderUnusable(path: String, reason: String)

    public var description: String {
        switch self {
        case .system(let call, let code): return "\(call) failed: \(SystemErrorText.describe(code))"
        case .alreadyRunning(let pid): return "the laundry daemon is already running\(pid.map { " (pid \($0))" } ?? "")"
        case .exitedAtOnce(let log): return "the laundry daemon exited at once; its log says why: \(log)"
        case .executableNotFound: return "cannot find the laundry binary (/proc/self/exe is unreadable)"
        case .unitTemplateMissing(let path):
            return "cannot read the unit template \(path); reinstall laundry or set LAUNDRY_DATA_DIR"
        case .folderUnusable(let path, let reason): return "cannot use \(path) for the daemon's log: \(reason)"
        }
    }
}
