import ArgumentParser
import FoundationEssentials
@preconcurrency import Glibc
import LaundryControl
import LaundryRendering

extension LaundryCommand {
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
            defer { context.reportWarnings() }
            let screen = WatchScreen(interactive: context.terminal.isInteractive)
            screen.begin()
            defer { screen.end() }
            var bell = BellWatcher(path: context.runtime.bell)
            let laundry = context.laundry
            while true {
                // The daemon rings here when no notification server could show a finished load.
                if bell.rang() && context.terminal.isInteractive { Terminal.write("\u{7}") }
                let frame = WatchFrame(
                    states: laundry.pets(), kinds: laundry.kinds, now: laundry.now, style: context.style)
                screen.draw(frame.lines())
                if exitWhenDone && !frame.hasRunningTimer { break }
                Self.sleepToNextSecond(from: laundry.now)
            }
        }

        /// Redraws land on whole seconds of the (possibly shifted) wall clock, so countdowns tick together.
        private static func sleepToNextSecond(from now: Date) {
            let seconds = now.timeIntervalSince1970
            let wait = max(0.001, (seconds.rounded(.down) + 1) - seconds)
            var request = timespec(tv_sec: 0, tv_nsec: Int(wait * 1_000_000_000))
            var left = timespec()
            while nanosleep(&request, &left) != 0 && errno == EINTR { request = left }
        }
    }
}
