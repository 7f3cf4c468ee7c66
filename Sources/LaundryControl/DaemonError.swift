import LaundryCore

/// What can stop the notification service starting or running. Data only: `ErrorText` words it for the CLI and log.
public enum DaemonError: Error, Equatable, Sendable {
    /// A system call failed: the call (with its argument) and `errno`.
    case system(String, Int32)
    case alreadyRunning(pid: Int32?)
    /// The daemon was started but exited at once; its log says why.
    case exitedAtOnce(log: String)
    /// `laundryd` is neither beside `laundry` nor on PATH.
    case daemonProgramNotFound
    /// `laundryd`, asked a question, exited with a failure (it said why on stderr).
    case daemonProgramFailed(program: String)
    case unitTemplateMissing(path: String)
    /// A folder the daemon needs (its log's) cannot be made.
    case folderUnusable(path: String, problem: FileProblem)
}
