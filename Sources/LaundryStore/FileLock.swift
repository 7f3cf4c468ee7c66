import FoundationEssentials
import LaundryCore

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// An exclusive `flock` on a lock file, held while a closure runs. Lock files may be deleted by the
/// holder (when a pet is released); a waiter that then wins the lock on the deleted file notices
/// and locks the new one instead.
enum FileLock {
    static func withLock<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let fd = try acquire(path)
        defer {
            flock(fd, LOCK_UN)
            close(fd)
        }
        return try body()
    }

    private static func acquire(_ path: String) throws(StoreError) -> Int32 {
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, PosixFile.fileMode)
            guard fd >= 0 else { throw .unwritable(path: path, reason: PosixFile.describe(errno)) }
            var result: Int32
            repeat { result = flock(fd, LOCK_EX) } while result != 0 && errno == EINTR
            guard result == 0 else {
                let code = errno
                close(fd)
                throw .unwritable(path: path, reason: PosixFile.describe(code))
            }
            var held = stat()
            var current = stat()
            if fstat(fd, &held) == 0, stat(path, &current) == 0, held.st_ino == current.st_ino,
                held.st_dev == current.st_dev
            {
                return fd
            }
            close(fd)
        }
    }
}
