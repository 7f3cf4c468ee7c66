@preconcurrency import Glibc

/// Draws frames: in place on a terminal (cursor hidden, restored on Ctrl-C), plainly otherwise.
public struct WatchScreen {
    public let interactive: Bool

    public init(interactive: Bool) { self.interactive = interactive }
    private nonisolated(unsafe) static var linesOnScreen = 0

    public func begin() {
        guard interactive else { return }
        // Cursor hidden, and long lines clipped rather than wrapped, so redrawing in place stays exact.
        write("\u{1B}[?25l\u{1B}[?7l")
        signal(SIGINT, Self.restoreAndExit)
        signal(SIGTERM, Self.restoreAndExit)
    }

    public func end() {
        guard interactive else { return }
        write("\u{1B}[?25h\u{1B}[?7h")
    }

    public func draw(_ lines: [String]) {
        if interactive {
            var text = Self.linesOnScreen > 0 ? "\r\u{1B}[\(Self.linesOnScreen)A" : ""
            for line in lines { text += line + "\u{1B}[K\n" }
            text += "\u{1B}[J"
            write(text)
            Self.linesOnScreen = lines.count
        } else {
            write(lines.joined(separator: "\n") + "\n\n")
        }
    }

    private func write(_ text: String) {
        Terminal.write(text)
    }

    /// Async-signal-safe: only `write` and `_exit`.
    private static let restoreAndExit: @convention(c) (Int32) -> Void = { _ in
        let restore: StaticString = "\u{1B}[?25h\u{1B}[?7h\n"
        _ = Glibc.write(STDOUT_FILENO, restore.utf8Start, restore.utf8CodeUnitCount)
        _exit(0)
    }
}
