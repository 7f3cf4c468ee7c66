import ArgumentParser
import Foundation
import LaundryCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Watch every running timer count down, redrawn each second, until Ctrl-C.",
        discussion: "When stdout is not a terminal, prints one plain frame per second instead of redrawing."
    )

    @Flag(name: .customLong("exit-when-done"), help: "Stop once no timer is running (for scripts and demos).")
    var exitWhenDone = false

    func run() throws {
        let context = try AppContext.make()
        defer { context.reportProblems() }
        let screen = WatchScreen(interactive: context.terminal.isInteractive)
        screen.begin()
        defer { screen.end() }
        let style = Style(enabled: context.terminal.useColor)
        var bell = BellWatcher(path: context.runtime.bell)
        while true {
            // The daemon rings here when no notification server could show a finished load.
            if bell.rang() && context.terminal.isInteractive { FileHandle.standardOutput.write(Data("\u{7}".utf8)) }
            let states = context.laundry.pets()
            let now = context.now
            let frame = WatchFrame(states: states, kinds: context.laundry.kinds, now: now, style: style)
            screen.draw(frame.lines())
            if exitWhenDone && !frame.hasRunningTimer { break }
            Self.sleepToNextSecond(of: context.laundry.clock)
        }
    }

    /// Redraws land on whole seconds of the (possibly shifted) wall clock, so countdowns tick together.
    private static func sleepToNextSecond(of clock: any WallClock) {
        let now = clock.now().timeIntervalSince1970
        let wait = max(0.001, (now.rounded(.down) + 1) - now)
        var request = timespec(tv_sec: 0, tv_nsec: Int(wait * 1_000_000_000))
        var left = timespec()
        while nanosleep(&request, &left) != 0 && errno == EINTR { request = left }
    }
}

/// Notices the daemon's bell file growing.
struct BellWatcher {
    let path: String
    private var size: Int64

    init(path: String) {
        self.path = path
        size = Self.size(of: path)
    }

    mutating func rang() -> Bool {
        let now = Self.size(of: path)
        defer { size = now }
        return now > size
    }

    private static func size(of path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }
}

/// Draws frames: in place on a terminal (cursor hidden, restored on Ctrl-C), plainly otherwise.
struct WatchScreen {
    let interactive: Bool
    private nonisolated(unsafe) static var linesOnScreen = 0

    func begin() {
        guard interactive else { return }
        // Cursor hidden, and long lines clipped rather than wrapped, so redrawing in place stays exact.
        write("\u{1B}[?25l\u{1B}[?7l")
        signal(SIGINT, Self.restoreAndExit)
        signal(SIGTERM, Self.restoreAndExit)
    }

    func end() {
        guard interactive else { return }
        write("\u{1B}[?25h\u{1B}[?7h")
    }

    func draw(_ lines: [String]) {
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
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Async-signal-safe: only `write` and `_exit`.
    private static let restoreAndExit: @convention(c) (Int32) -> Void = { _ in
        let restore: StaticString = "\u{1B}[?25h\u{1B}[?7h\n"
        _ = Glibc.write(STDOUT_FILENO, restore.utf8Start, restore.utf8CodeUnitCount)
        _exit(0)
    }
}
