import FoundationEssentials
import Synchronization

/// Record files a command read to find the pet it names, with versions: the locked change that follows reuses a file
/// only while `stat` says it is the same (every write replaces a record: a new inode or change time is new contents),
/// so a command reads the pet's record once (`strace laundry wash socks`). A version is inode, size and change time in
/// nanoseconds: a record replaced twice between the name's read and the lock, at the same size, onto a reused inode,
/// within one coarse kernel clock tick, would seem unchanged: two other writers finishing in those milliseconds.
public final class RecordReads: Sendable {
    private let files = Mutex<[String: (version: PosixFile.Version, data: Data)]>([:])

    public init() {}

    func keep(_ data: Data, of path: String, version: PosixFile.Version) {
        files.withLock { $0[path] = (version, data) }
    }

    /// The bytes read earlier, if the file is still the one they were read from.
    func unchanged(_ path: String) -> PosixFile.ReadResult? {
        guard let kept = files.withLock({ $0[path] }), PosixFile.stamp(path) == kept.version else { return nil }
        return .data(kept.data)
    }
}
