import FoundationEssentials
@preconcurrency import Glibc
import LaundryStore

/// Starts and stops the detached daemon, for `daemon start|stop` and for the commands that start a timer.
public enum DaemonLauncher {
    /// Starts `laundryd` in its own session (output appended to the log) unless one runs; returns its pid once locked.
    @discardableResult
    public static func start(runtime: RuntimePaths, environment: [String: String]) throws(DaemonError) -> Int32 {
        if DaemonLock.isHeld(paths: runtime) { return DaemonStatus.read(from: runtime.status)?.pid ?? 0 }
        guard let executable = DaemonProgram.path(environment: environment) else {
            throw DaemonError.daemonProgramNotFound
        }
        do { try StoreFiles.makeFolder(runtime.state) } catch {
            throw DaemonError.folderUnusable(path: runtime.state, problem: error.problem ?? .system(EIO))
        }
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(
                [executable], environment: environment, input: .null, output: .appending(runtime.log),
                error: .standardOutput, grouping: .ownSession, closingOthers: true)
        } catch {
            throw DaemonError.system("posix_spawn \(executable)", error.errno)
        }
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
