import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore

/// An exclusive `flock` on a lock file in this machine's runtime folder (never in the shared data
/// folder, where a lock means nothing to another machine), held while a closure runs.
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

/// A folder only this user may use: made 0700 if missing; refused if it is another user's, can be
/// written by others, or is a link (a folder in `/tmp` anyone could have made first).
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
