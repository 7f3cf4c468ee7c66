import FoundationEssentials
import Synchronization

/// Record files a command read to find the pet it names, each with its version: the change that follows, under the
/// pet's lock, reuses a file only while `stat` says it is the same file (every write replaces a record, so a new
/// inode or change time means new contents), so a command reads the pet's record once (`strace laundry wash socks`).
/// The version is the inode, size and change time to the nanosecond: a record replaced twice between the name's read
/// and the lock, by the same size, onto a reused inode, within one tick of the kernel's coarse clock, would pass for
/// unchanged; two other writers would have to finish in those few milliseconds.
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
