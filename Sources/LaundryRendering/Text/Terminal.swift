import FoundationEssentials
@preconcurrency import Glibc

/// Where output goes: whether it is a terminal, and whether colour is wanted (never with `NO_COLOR` or `TERM=dumb`).
public struct Terminal {
    public let isInteractive: Bool
    public let useColor: Bool

    /// - Parameter stdoutIsTerminal: whether standard output is a terminal (`isatty` unless a test says).
    public init(environment: [String: String], stdoutIsTerminal: Bool = isatty(STDOUT_FILENO) == 1) {
        isInteractive = stdoutIsTerminal
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        useColor = isInteractive && !noColor && environment["TERM"] != "dumb"
    }

    public static func printError(_ line: String) {
        write(line + "\n", to: STDERR_FILENO)
    }

    /// Writes straight to a file descriptor, unbuffered, all of it (a short write or EINTR goes on).
    public static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
        var text = text
        text.withUTF8 { write($0, to: descriptor) }
    }

    public static func write(_ data: Data, to descriptor: Int32 = STDOUT_FILENO) {
        data.withUnsafeBytes { write($0.bindMemory(to: UInt8.self), to: descriptor) }
    }

    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = Glibc.write(descriptor, next, left)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            next += written
            left -= written
        }
    }

    public static func isInputInteractive() -> Bool { isatty(STDIN_FILENO) == 1 }
}
