import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore

/// inotify on `FileStorage.watchedFolders` (every machine's records, the machines folder), for the daemon and
/// `status --follow`: which pets a command or sync engine just changed, within milliseconds, and machines joining.
public final class DirectoryWatch {
    public enum Arrival: Equatable, Sendable {
        case pet(UUID)
        /// A new machine's folder: every pet is looked at again.
        case fromElsewhere
    }

    public let fd: Int32
    private var folders: [Int32: String] = [:]
    private let arrival: (String, String) -> Arrival?
    // IN_ATTRIB: a file made unreadable (chmod) is read again; IN_MOVE_SELF: a folder moved away is as gone as deleted.
    private static let mask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ATTRIB | IN_MOVE_SELF)

    /// Watches `paths`: the first (the data folder) must exist, the others may come later. `arrival` reads a name.
    init(
        folders paths: [String], arrival: @escaping (_ name: String, _ folder: String) -> Arrival?
    ) throws(StoreError) {
        self.arrival = arrival
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else {
            throw .unreadable(path: paths.first ?? "", problem: .unwatchable(call: "inotify_init1", code: errno))
        }
        for (index, path) in paths.enumerated() {
            let watch = inotify_add_watch(fd, path, Self.mask)
            guard watch >= 0 else {
                if index > 0 { continue }
                throw .unreadable(path: path, problem: .unwatchable(call: "inotify_add_watch", code: errno))
            }
            folders[watch] = path
        }
    }

    public var watching: [String] { folders.values.sorted() }

    /// Adds the folders not watched yet (a machine that joined); one gone meanwhile is passed over.
    public func watch(_ paths: [String]) {
        let watched = Set(folders.values)
        for path in paths where !watched.contains(path) {
            let watch = inotify_add_watch(fd, path, Self.mask)
            if watch >= 0 { folders[watch] = path }
        }
    }

    deinit { close(fd) }

    /// Reads every pending event; returns the pets they concern. `overflowed`: events were lost, every pet is read
    /// again; `fromElsewhere`: a machine joined, every pet is read again and the folders are watched again.
    public func drain() -> (ids: Set<UUID>, overflowed: Bool, fromElsewhere: Bool) {
        var ids = Set<UUID>()
        var overflowed = false
        var fromElsewhere = false
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(fd, buffer, size)
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let event = buffer.advanced(by: offset).assumingMemoryBound(to: inotify_event.self)
                let length = Int(event.pointee.len)
                // A lost queue, or a watched folder gone or unmounted: every pet must be read again.
                let lost = IN_Q_OVERFLOW | IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT
                if event.pointee.mask & UInt32(lost) != 0 {
                    overflowed = true
                }
                if length > 0 {
                    let namePointer = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                        .assumingMemoryBound(to: CChar.self)
                    let name = String(cString: namePointer)
                    switch arrival(name, folders[event.pointee.wd] ?? "") {
                    case .pet(let id): ids.insert(id)
                    case .fromElsewhere: fromElsewhere = true
                    case nil: break
                    }
                }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
        return (ids, overflowed, fromElsewhere)
    }
}
