import FoundationEssentials
@preconcurrency import Glibc

/// What `laundry doctor` can tell about sound without playing any: whether a PulseAudio server (PipeWire's
/// pipewire-pulse answers the same way) accepts a connection, and whether the theme has the `complete` sound.
public enum SoundCheck {
    /// libcanberra's socket: `PULSE_SERVER` if it names a socket, else `$XDG_RUNTIME_DIR/pulse/native`; nil if unknown.
    public static func serverSocket(environment: [String: String]) -> String? {
        if let server = environment["PULSE_SERVER"], !server.isEmpty {
            let path = server.hasPrefix("unix:") ? String(server.dropFirst(5)) : server
            return path.hasPrefix("/") ? path : nil
        }
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return runtime + "/pulse/native"
    }

    /// Why a sound could not be played, as far as this machine shows.
    public enum Finding: Equatable, Sendable {
        case noServer, noTheme
        /// Both are there: the library (GSound) must be what is missing.
        case serverAndTheme
    }

    public static func probe(environment: [String: String]) -> Finding {
        guard let socket = serverSocket(environment: environment), serverAnswers(at: socket) else { return .noServer }
        return themeSound(environment: environment) == nil ? .noTheme : .serverAndTheme
    }

    public static func serverAnswers(at path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }

    /// The theme's `complete` sound, looked up where XDG keeps shared data.
    public static func themeSound(environment: [String: String]) -> String? {
        for folder in DesktopEntry.searchedFolders(environment: environment) {
            for name in ["complete.oga", "complete.ogg", "complete.wav"] {
                let path = folder + "/sounds/freedesktop/stereo/" + name
                if access(path, R_OK) == 0 { return path }
            }
        }
        return nil
    }
}
