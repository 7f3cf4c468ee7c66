import FoundationEssentials
@preconcurrency import Glibc

/// Where output goes: whether it is a terminal, whether colour is wanted (never with `NO_COLOR` or `TERM=dumb`),
/// and how wide it is.
public struct Terminal {
    public let isInteractive: Bool
    public let useColor: Bool
    /// A terminal's columns: `COLUMNS` when a positive number, else the window's; nil into a pipe or a file, which
    /// keep every column.
    public let width: Int?

    /// - Parameter stdoutIsTerminal: whether standard output is a terminal (`isatty` unless a test says).
    public init(environment: [String: String], stdoutIsTerminal: Bool = isatty(STDOUT_FILENO) == 1) {
        isInteractive = stdoutIsTerminal
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        useColor = isInteractive && !noColor && environment["TERM"] != "dumb"
        let columns = environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        width = stdoutIsTerminal ? columns ?? Self.windowColumns() : nil
    }

    public var style: Style { Style(enabled: useColor, width: width) }

    private static func windowColumns() -> Int? {
        var size = winsize()
        let asked = withUnsafeMutablePointer(to: &size) { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }
        return asked == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
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
