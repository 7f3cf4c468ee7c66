import FoundationEssentials
@preconcurrency import Glibc

/// The one way laundry starts another program (the daemon, `laundryd`'s answers, a hook, the tests' programs):
/// `posix_spawn`, with each standard stream named, in the process group or session asked for.
public enum ChildProcess {
    public enum Stream: Sendable {
        case inherit, null
        /// A descriptor of ours (a pipe's end), duplicated onto the stream.
        case descriptor(Int32)
        case reading(String)
        /// A file created or emptied, then written (mode 0600).
        case writing(String)
        /// A file created or appended to (mode 0600).
        case appending(String)
        /// Where its standard output goes (for its standard error).
        case standardOutput
    }

    public enum Grouping: Sendable {
        /// Ours.
        case same
        /// Its own process group and a fresh program's signal mask and handlers: a hook's timeout kills all it started.
        case ownGroup
        /// A session of its own: closing the terminal that started it does not stop it (the daemon).
        case ownSession
    }

    public struct Failure: Error, Sendable {
        public let errno: Int32
    }

    /// glibc's POSIX_SPAWN_SETSID, hidden from Swift behind _GNU_SOURCE.
    private static let setSession: Int16 = 0x80

    /// Starts `arguments[0]` (from PATH if `searchingPath` and it names no folder); returns its pid. `closingOthers`:
    /// only the three streams go along (a pipe read to its end must not stay open for the daemon's life).
    public static func spawn(
        _ arguments: [String], environment: [String: String], searchingPath: Bool = false,
        input: Stream = .inherit, output: Stream = .inherit, error: Stream = .inherit,
        grouping: Grouping = .same, closingOthers: Bool = false
    ) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target) in [(input, Int32(0)), (output, 1), (error, 2)] { add(stream, as: target, to: &actions) }
        if closingOthers {
            for descriptor in openDescriptors() where descriptor > 2 {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        switch grouping {
        case .same: break
        case .ownSession: posix_spawnattr_setflags(&attributes, setSession)
        case .ownGroup:
            var none = sigset_t()
            sigemptyset(&none)
            posix_spawnattr_setsigmask(&attributes, &none)
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setpgroup(&attributes, 0)
            posix_spawnattr_setflags(
                &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        }
        var pid: pid_t = 0
        let program = arguments[0]
        let result = CStrings.with(arguments) { argv in
            CStrings.with(CStrings.environment(environment)) { envp in
                searchingPath && !program.contains("/")
                    ? posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
                    : posix_spawn(&pid, program, &actions, &attributes, argv, envp)
            }
        }
        guard result == 0 else { throw Failure(errno: result) }
        return pid
    }

    /// Waits for `pid` to end; its wait status.
    public static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    private static func add(_ stream: Stream, as target: Int32, to actions: inout posix_spawn_file_actions_t) {
        switch stream {
        case .inherit: break
        case .null:
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
        case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
        case .reading(let path): posix_spawn_file_actions_addopen(&actions, target, path, O_RDONLY, 0)
        case .writing(let path):
            posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        case .appending(let path):
            posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        case .standardOutput: posix_spawn_file_actions_adddup2(&actions, 1, target)
        }
    }

    private static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }.filter { fcntl($0, F_GETFD) >= 0 }
    }
}
