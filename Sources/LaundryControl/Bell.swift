@preconcurrency import Glibc

/// Rings a running `laundry watch` when no server could show a finish: a byte more in `$XDG_RUNTIME_DIR/laundry/bell`.
public enum Bell {
    public static func ring(_ runtime: RuntimePaths) {
        let fd = open(runtime.bell, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        _ = write(fd, "\u{7}", 1)
        close(fd)
    }
}

/// Notices the bell file growing.
public struct BellWatcher {
    public let path: String
    private var size: Int64

    public init(path: String) {
        self.path = path
        size = Self.size(of: path)
    }

    public mutating func rang() -> Bool {
        let now = Self.size(of: path)
        defer { size = now }
        return now > size
    }

    private static func size(of path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }
}
