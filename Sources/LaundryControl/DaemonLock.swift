import FoundationEssentials
@preconcurrency import Glibc
import LaundryStore

/// One daemon per user: exclusive `flock` on `$XDG_RUNTIME_DIR/laundry/daemon.lock`; the kernel frees it at any death.
public final class DaemonLock {
    private let fd: Int32

    /// Takes the lock, or throws `alreadyRunning` when another daemon holds it.
    public init(paths: RuntimePaths) throws {
        try StoreFiles.makeFolder(paths.runtime)
        fd = open(paths.lock, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw DaemonError.system("open \(paths.lock)", errno) }
        // One try: `isHeld` only reads /proc/locks, so only another daemon (or an older command, probing) can hold it.
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw DaemonError.alreadyRunning(pid: DaemonStatus.read(from: paths.status)?.pid)
        }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// Whether a `flock` on the lock file's inode is in /proc/locks (probing by locking could fail a starting daemon).
    public static func isHeld(paths: RuntimePaths) -> Bool {
        var info = stat()
        guard stat(paths.lock, &info) == 0, let data = FileManager.default.contents(atPath: "/proc/locks") else {
            return false
        }
        return ProcLocks.holdsFlock(
            String(decoding: data, as: UTF8.self), device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}

/// /proc/locks, one lock a line: `1: FLOCK  ADVISORY  WRITE 4242 fe:00:16220179 0 EOF` (waiters: `->` after `1:`).
enum ProcLocks {
    static func holdsFlock(_ table: String, device: UInt64, inode: UInt64) -> Bool {
        // glibc's major() and minor(), which Swift does not import; the kernel prints both in hex.
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        let file = hex(major) + ":" + hex(minor) + ":" + String(inode)
        return table.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 5 && fields[1] == "FLOCK" && fields[5] == file
        }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }
}
