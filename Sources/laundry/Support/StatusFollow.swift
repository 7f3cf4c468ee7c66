import FoundationEssentials
@preconcurrency import Glibc
import LaundryActions
import LaundryControl
import LaundryCore
import LaundryRendering

/// `status --follow`: prints the bar's line, again on each change. One `poll` sleeps on the folder watch (inotify) and
/// stdout (a closed bar ends it at once); timeout: when the line could next change itself (`BarRefresh`).
enum StatusFollow {
    static func run(_ bar: StatusBar, context: AppContext) throws {
        // A reader that goes away ends the stream quietly instead of killing it with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let laundry = context.laundry
        // A reader creates nothing: a data folder not made yet is said to be so.
        guard access(laundry.home, F_OK) == 0 else { throw CommandError.followedFolderGone(path: laundry.home) }
        var watch = try laundry.makeWatch()
        var printed: String?
        var states = try bar.load()
        while true {
            // Moving LAUNDRY_HOME itself sends no event to the folders inside it: look on every wake.
            if let gone = watch.watching.first(where: { access($0, F_OK) != 0 }) {
                throw CommandError.followedFolderGone(path: gone)
            }
            let (text, next) = try bar.render(states, streaming: true)
            if text != printed {
                guard writeLine(text) else { return }
                printed = text
            }
            switch try wait(on: watch.fd, seconds: next.timeIntervalSince(laundry.now)) {
            case .readerGone:
                return
            case .filesChanged:
                // A folder removed, moved or replaced, or lost events: watch afresh.
                let drained = watch.drain()
                if let gone = watch.watching.first(where: { access($0, F_OK) != 0 }) {
                    throw CommandError.followedFolderGone(path: gone)
                }
                if drained.overflowed {
                    if access(laundry.home, F_OK) == 0 { watch = try laundry.makeWatch() }
                } else if drained.fromElsewhere {
                    watch.watch(laundry.watchedFolders)
                }
                states = try bar.load()
            case .timeUp:
                // A countdown or health moves with the clock alone: files are read again only once a timer has ended.
                if states.contains(where: { $0.needsSettling(at: laundry.now) }) { states = try bar.load() }
            }
        }
    }

    private enum Wake { case filesChanged, readerGone, timeUp }

    private static func wait(on watch: Int32, seconds: Double) throws -> Wake {
        var fds = [
            pollfd(fd: watch, events: Int16(POLLIN), revents: 0),
            // No events asked: only an error or a hang-up, when the reader has closed its end.
            pollfd(fd: STDOUT_FILENO, events: 0, revents: 0),
        ]
        let milliseconds = Int32(min(max(0, (seconds * 1000).rounded(.up)), 3_600_000))
        let ready = poll(&fds, nfds_t(fds.count), milliseconds)
        if ready < 0 {
            guard errno == EINTR else {
                throw CommandError.followFailed(call: "poll", reason: SystemErrorText.describe(errno))
            }
            return .timeUp  // A signal: look again.
        }
        if fds[1].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .readerGone }
        return fds[0].revents != 0 ? .filesChanged : .timeUp
    }

    /// Writes one line at once, unbuffered, whatever stdout is; false once nobody reads it.
    private static func writeLine(_ text: String) -> Bool {
        var line = text + "\n"
        return line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                // EPIPE (the reader left) or an output that can take no more: the stream is over.
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }
}
