import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What we know about where output goes: whether it is a terminal, whether colour is wanted, and
/// how wide it is.
struct Terminal {
    let isInteractive: Bool
    let useColor: Bool

    init(environment: [String: String]) {
        isInteractive = isatty(STDOUT_FILENO) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        useColor = isInteractive && !noColor && environment["TERM"] != "dumb"
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func isInputInteractive() -> Bool { isatty(STDIN_FILENO) == 1 }
}
