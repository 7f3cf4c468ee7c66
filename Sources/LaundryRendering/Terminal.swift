import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// What we know about where output goes: whether it is a terminal, and whether colour is wanted
/// (never with `NO_COLOR`, `TERM=dumb`, or when stdout is not a terminal).
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
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    public static func isInputInteractive() -> Bool { isatty(STDIN_FILENO) == 1 }
}
