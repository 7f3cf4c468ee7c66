import CFileSpace
import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore

/// The store's file operations, by system call: every write atomic and durable, no read following a planted symlink.
public enum PosixFile {
    static let fileMode: mode_t = 0o600
    static let folderMode: mode_t = 0o700

    enum ReadResult {
        case data(Data)
        case missing
    }

    /// Reads a regular file, refusing symlinks, folders and anything over `limit` bytes.
    static func read(_ path: String, limit: Int = 1 << 20) throws(StoreError) -> ReadResult {
        var fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        // Syncthing (1.19) removes a file before renaming the new one in: one missing for a moment is coming, not gone.
        var waited = 0
        while fd < 0, errno == ENOENT, waited < 100, isFresh(syncEngineTemporary(for: path)) {
            usleep(5_000)
            waited += 1
            fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        }
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return .missing }
            if code == ELOOP {
                throw .unreadable(path: path, problem: .symbolicLink)
            }
            throw .unreadable(path: path, problem: .system(code))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, problem: .system(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .unreadable(path: path, problem: .notARegularFile)
        }
        guard Int(info.st_size) <= limit else {
            throw .unreadable(path: path, problem: .tooLarge(bytes: Int64(info.st_size), limit: limit))
        }
        // Size + 1: reading to the end needs no buffer growth (a copy); a file growing while read still grows it.
        var data = Data(count: Int(info.st_size) + 1)
        var total = 0
        while true {
            if total == data.count { data.count += 4096 }
            let count = data.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress! + total, buffer.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, problem: .system(errno))
            }
            if count == 0 { break }
            total += count
            guard total <= limit else {
                throw .unreadable(path: path, problem: .grewWhileRead(limit: limit))
            }
        }
        data.count = total
        return .data(data)
    }

    /// Replaces `path` atomically: temporary in its folder, fsync, rename, folder fsync; readers never see a part.
    static func writeAtomically(_ data: Data, to path: String) throws(StoreError) {
        let replacement = try PreparedReplacement(data, for: path)
        try replacement.commit()
        syncFolder(PathText.parent(path))
    }

    /// A new version of a file, written and fsynced under a temporary name. A change replacing several files prepares
    /// them all first, so a full disk or other write error is met before any becomes visible; only renames are left.
    final class PreparedReplacement {
        let path: String
        private let temporary: String
        private var pending = true

        init(_ data: Data, for path: String) throws(StoreError) {
            self.path = path
            let folder = PathText.parent(path)
            let base = PathText.lastComponent(path)
            temporary = "\(folder)/.\(base).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, PosixFile.fileMode)
            guard fd >= 0 else { throw .unwritable(path: path, problem: .system(errno)) }
            var failure: Int32?
            if fchmod(fd, PosixFile.fileMode) != 0 { failure = errno }
            if failure == nil { failure = PosixFile.writeAll(fd, data) }
            if failure == nil, fsync(fd) != 0 { failure = errno }
            close(fd)
            if let failure {
                unlink(temporary)
                throw .unwritable(path: path, problem: .system(failure))
            }
        }

        /// Nothing left to do but this, so nothing partial can be seen.
        func commit() throws(StoreError) {
            guard pending else { return }
            pending = false
            if rename(temporary, path) != 0 {
                let failure = errno
                unlink(temporary)
                throw .unwritable(path: path, problem: .system(failure))
            }
        }

        func discard() {
            guard pending else { return }
            pending = false
            unlink(temporary)
        }

        deinit { discard() }
    }

    /// Room reserved before the change is written: a full disk refuses the whole change up front (pet lock held).
    final class ReservedAppend {
        private let path: String
        private let data: Data
        private var fd: Int32
        private let createdFile: Bool
        private let reservedFrom: Int64

        init(_ data: Data, to path: String) throws(StoreError) {
            self.path = path
            self.data = data
            createdFile = !PosixFile.exists(path)
            fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, PosixFile.fileMode)
            guard fd >= 0 else { throw .unwritable(path: path, problem: .system(errno)) }
            var info = stat()
            reservedFrom = fstat(fd, &info) == 0 ? Int64(info.st_size) : 0
            let code = laundry_reserve_space(fd, reservedFrom, Int64(data.count))
            // A file system without fallocate still gets the append, just without the guarantee.
            if code == ENOSPC || code == EDQUOT {
                cancel()
                throw .unwritable(path: path, problem: .system(code))
            }
        }

        deinit { if fd >= 0 { close(fd) } }

        /// Appends the lines with a single write, so lines from different writers never interleave.
        func write() throws(StoreError) {
            defer {
                close(fd)
                fd = -1
            }
            if let failure = PosixFile.writeAll(fd, data) {
                // Without a reservation (no fallocate) a write can stop part-way: no torn line stays.
                _ = ftruncate(fd, off_t(reservedFrom))
                throw .unwritable(path: path, problem: .system(failure))
            }
            guard fsync(fd) == 0 else { throw .unwritable(path: path, problem: .system(errno)) }
        }

        /// The change was not made: give the room back, and the file too if this made it.
        func cancel() {
            guard fd >= 0 else { return }
            if createdFile {
                unlink(path)
            } else {
                laundry_release_space(fd, reservedFrom, Int64(data.count))
            }
            close(fd)
            fd = -1
        }
    }

    /// Where Syncthing writes the next version of `path` before it puts it in place.
    static func syncEngineTemporary(for path: String) -> String {
        PathText.parent(path) + "/.syncthing." + path.split(separator: "/").last.map(String.init)! + ".tmp"
    }

    /// The names a folder will hold once a sync engine has put in place what it is writing.
    static func namesArriving(_ names: [String]) -> [String] {
        names.compactMap { name in
            guard name.hasPrefix(".syncthing."), name.hasSuffix(".tmp") else { return nil }
            return String(name.dropFirst(".syncthing.".count).dropLast(".tmp".count))
        }
    }

    static func remove(_ path: String) throws(StoreError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .unwritable(path: path, problem: .system(errno)) }
    }

    /// Creates a folder (and its parents) with mode 0700 if it is missing.
    static func makeFolder(_ path: String) throws(StoreError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw .unwritable(path: path, problem: .homeNotAFolder)
            }
            return
        }
        let parent = PathText.parent(path)
        if !parent.isEmpty && parent != path && parent != "/" { try makeFolder(parent) }
        guard mkdir(path, folderMode) == 0 || errno == EEXIST else {
            throw .unwritable(path: path, problem: .system(errno))
        }
    }

    static func syncFolder(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// The names in a folder, or none if it does not exist.
    public static func listFolder(_ path: String) -> [String] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes temporaries (`.<uuid>.json.tmp-<pid>-<n>`) of writers killed before renaming, once their pid is free and
    /// ten minutes old: pids mean nothing across pid namespaces (containers, shared homes); no write takes so long.
    static func removeAbandonedTemporaries(in folder: String, names: [String], now: Date) {
        for name in names where name.hasPrefix(".") {
            guard let marker = name.firstRange(of: ".json.tmp-") ?? name.firstRange(of: ".jsonl.tmp-"),
                LaundryPaths.id(
                    fromFileName: String(name[name.index(after: name.startIndex)..<marker.lowerBound]) + ".json",
                    suffix: ".json") != nil
            else { continue }
            let rest = name[marker.upperBound...]
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0 else { continue }
            guard kill(pid, 0) != 0 && errno == ESRCH else { continue }
            var info = stat()
            let path = "\(folder)/\(name)"
            guard lstat(path, &info) == 0, Double(info.st_mtim.tv_sec) < now.timeIntervalSince1970 - 600 else {
                continue
            }
            unlink(path)
        }
    }

    /// What tells one version of a file from the next: every write replaces the file.
    public struct Version: Equatable, Sendable {
        let inode: UInt64
        let size: Int64
        let changedSeconds: Int
        let changedNanoseconds: Int

        var text: String { "\(inode) \(size) \(changedSeconds).\(changedNanoseconds)" }
    }

    static func stamp(_ path: String) -> Version? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Version(
            inode: UInt64(info.st_ino), size: Int64(info.st_size), changedSeconds: info.st_ctim.tv_sec,
            changedNanoseconds: info.st_ctim.tv_nsec)
    }

    /// Exists and changed in the last ten seconds (a sync engine's temporary in use, not one it left behind).
    static func isFresh(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        // Compared with the real clock, as the file system stamps it (never a test's shifted one).
        return Double(info.st_mtim.tv_sec) > SystemClock().now().timeIntervalSince1970 - 10
    }

    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    static func writeAll(_ fd: Int32, _ data: Data) -> Int32? {
        var written = 0
        while written < data.count {
            let count = data.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return nil
    }
}
