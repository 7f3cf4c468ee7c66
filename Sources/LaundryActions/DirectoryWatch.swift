import FoundationEssentials
import LaundryControl

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// inotify on `pets/`, `timers/`, `history/` and `released/`, for the daemon and `status --follow`:
/// tells which pets a command just changed, within milliseconds, and when something from another
/// machine is to be merged.
public final class DirectoryWatch {
    public let fd: Int32
    private var folders: [Int32: String] = [:]

    public init(folders paths: [String]) throws {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw DaemonError.system("inotify_init1", errno) }
        // IN_ATTRIB too: a file made unreadable (chmod) must be looked at again.
        // IN_MOVE_SELF: a watched folder moved away is as gone as a deleted one.
        let mask = UInt32(
            IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ATTRIB | IN_MOVE_SELF)
        for path in paths {
            let watch = inotify_add_watch(fd, path, mask)
            guard watch >= 0 else { throw DaemonError.system("inotify_add_watch \(path)", errno) }
            folders[watch] = path
        }
    }

    deinit { close(fd) }

    /// Reads every pending event and returns the pets they concern. `overflowed` means events were
    /// lost and every pet should be looked at again; `fromElsewhere`, that a sync engine's conflict
    /// copy or a release from another machine arrived, to be merged.
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
                    switch Laundry.arrival(name, inFolder: folders[event.pointee.wd] ?? "") {
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
