import FoundationEssentials
import LaundryStore

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Starts and stops the detached daemon for the commands `daemon start|stop` and for the commands
/// that start a timer.
public enum DaemonLauncher {
    /// glibc's POSIX_SPAWN_SETSID, hidden from Swift behind _GNU_SOURCE: the daemon gets its own
    /// session, so closing the terminal that started it does not stop it.
    private static let posixSpawnSetsid: Int16 = 0x80

    /// Starts `laundryd` in its own session, its output appended to the log, unless one
    /// runs already. Returns the daemon's pid once it holds its lock.
    @discardableResult
    public static func start(runtime: RuntimePaths, environment: [String: String]) throws(DaemonError) -> Int32 {
        if DaemonLock.isHeld(paths: runtime) { return DaemonStatus.read(from: runtime.status)?.pid ?? 0 }
        guard let executable = DaemonProgram.path(environment: environment) else {
            throw DaemonError.daemonProgramNotFound
        }
        do { try StoreFiles.makeFolder(runtime.state) } catch {
            throw DaemonError.folderUnusable(path: runtime.state, problem: error.problem ?? .system(EIO))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, runtime.log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of ours goes with it: a pipe the caller reads to its end (`laundry wash | cat`,
        // a test harness) must not stay open for the daemon's whole life.
        for fd in openDescriptors() where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, posixSpawnSetsid)
        var spawned: pid_t = 0
        let result = CStrings.with([executable]) { arguments in
            CStrings.with(CStrings.environment(environment)) { environmentList in
                var pid: pid_t = 0
                let result = posix_spawn(&pid, executable, &actions, &attributes, arguments, environmentList)
                spawned = pid
                return result
            }
        }
        let pid = spawned
        guard result == 0 else { throw DaemonError.system("posix_spawn \(executable)", result) }
        // Wait (briefly) until it is up and has said so, so a second command does not start another.
        for _ in 0..<150 {
            if DaemonLock.isHeld(paths: runtime), DaemonStatus.read(from: runtime.status)?.pid == pid { return pid }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                // It found another daemon (started by a command at the same moment): fine.
                if DaemonLock.isHeld(paths: runtime) { return DaemonStatus.read(from: runtime.status)?.pid ?? 0 }
                throw DaemonError.exitedAtOnce(log: runtime.log)
            }
            usleep(20_000)
        }
        return pid
    }

    private static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }.filter { fcntl($0, F_GETFD) >= 0 }
    }

    /// Stops the daemon with this pid (SIGTERM) and waits up to 5 s for its lock to be free; true
    /// once it is.
    public static func stop(pid: Int32, runtime: RuntimePaths) -> Bool {
        guard pid > 0, kill(pid, SIGTERM) == 0 else { return !DaemonLock.isHeld(paths: runtime) }
        // A wait, not a time of day: on the monotonic clock, which a wall-clock jump cannot stretch.
        let deadline = ContinuousClock.now + .seconds(5)
        while DaemonLock.isHeld(paths: runtime) && ContinuousClock.now < deadline { usleep(20_000) }
        return !DaemonLock.isHeld(paths: runtime)
    }

    /// Sends SIGTERM and waits for the lock to be released. Returns false if none was running.
    public static func stop(runtime: RuntimePaths, timeout: TimeInterval = 5) -> Bool {
        guard DaemonLock.isHeld(paths: runtime), let pid = DaemonStatus.read(from: runtime.status)?.pid, pid > 0 else {
            return false
        }
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(timeout)
        while DaemonLock.isHeld(paths: runtime) && ContinuousClock.now < deadline { usleep(20_000) }
        if DaemonLock.isHeld(paths: runtime) { kill(pid, SIGKILL) }
        return true
    }
}
