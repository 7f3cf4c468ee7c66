import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore

/// An exclusive `flock` while a closure runs, in the runtime folder (other machines ignore locks in the shared folder).
enum FileLock {
    static func withLock<T>(_ path: String, runtime: String, _ body: () throws -> T) throws -> T {
        try SafeFolder.prepare(runtime)
        try PosixFile.makeFolder(PathText.parent(path))
        let fd = try acquire(path)
        defer {
            flock(fd, LOCK_UN)
            close(fd)
        }
        return try body()
    }

    private static func acquire(_ path: String) throws(StoreError) -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, PosixFile.fileMode)
        guard fd >= 0 else { throw .unwritable(path: path, problem: .system(errno)) }
        var result: Int32
        repeat { result = flock(fd, LOCK_EX) } while result != 0 && errno == EINTR
        guard result == 0 else {
            let code = errno
            close(fd)
            throw .unwritable(path: path, problem: .system(code))
        }
        return fd
    }
}

/// This user's folder: made 0700 if missing; refused if another's, writable by others or a link (`/tmp` is shared).
public enum SafeFolder {
    public static func prepare(_ path: String) throws(StoreError) {
        // The fallback lives in /tmp: the folder there is checked, and so is every one made in it.
        let fallback = LaundryPaths.fallbackRuntime
        if path.hasPrefix(fallback + "/") || path == fallback {
            try check(fallback, create: true)
        }
        try PosixFile.makeFolder(path)
        try check(path, create: false)
    }

    private static func check(_ path: String, create: Bool) throws(StoreError) {
        if create, mkdir(path, PosixFile.folderMode) != 0, errno != EEXIST {
            throw .unwritable(path: path, problem: .system(errno))
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .unwritable(path: path, problem: .system(errno)) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .unwritable(path: path, problem: .runtimeFolderNotAFolder) }
        guard info.st_uid == getuid() else { throw .unwritable(path: path, problem: .runtimeFolderOfAnotherUser) }
        guard info.st_mode & 0o077 == 0 else {
            throw .unwritable(path: path, problem: .runtimeFolderOpenToOthers(mode: info.st_mode & 0o777))
        }
    }
}
