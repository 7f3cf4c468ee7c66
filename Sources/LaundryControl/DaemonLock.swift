import FoundationEssentials
import LaundryStore

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// One daemon per user: an exclusive `flock` on `$XDG_RUNTIME_DIR/laundry/daemon.lock`, held for the
/// daemon's whole life and released by the kernel when it dies, however it dies.
public final class DaemonLock {
    private let fd: Int32

    /// Takes the lock, or throws `alreadyRunning` when another daemon holds it.
    public init(paths: RuntimePaths) throws {
        try StoreFiles.makeFolder(paths.runtime)
        fd = open(paths.lock, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw DaemonError.system("open \(paths.lock)", errno) }
        // `isHeld` probes by taking the lock for a moment; a few tries tell such a probe from a
        // daemon that really holds it.
        var locked = false
        for attempt in 0..<25 {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                locked = true
                break
            }
            if attempt < 24 { usleep(4_000) }
        }
        guard locked else {
            close(fd)
            throw DaemonError.alreadyRunning(pid: DaemonStatus.read(from: paths.status)?.pid)
        }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// Whether some process holds the lock right now.
    public static func isHeld(paths: RuntimePaths) -> Bool {
        let fd = open(paths.lock, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return false
        }
        return true
    }
}
