import Foundation
import LaundryTestSupport

/// A program whose stdout is a pipe read line by line as it comes, each line with the moment it
/// arrived: for `status --follow`, whose lines matter when they come.
final class LineStream: @unchecked Sendable {
    let process: Spawn.Running
    private let lines = Locked<[(at: Date, text: String)]>([])
    private let stopReading = Locked(false)
    private let finished = DispatchSemaphore(value: 0)

    init(_ executable: String, _ arguments: [String], environment: [String: String]) {
        var ends: [Int32] = [0, 0]
        pipe(&ends)
        // Neither end leaks into the program: it gets the write end as its stdout (dup2 clears the flag).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        process = Spawn.start(executable, arguments, environment: environment, stdoutTo: ends[1])
        close(ends[1])
        let descriptor = ends[0]
        Thread.detachNewThread { [lines, finished, stopReading] in
            var pending = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            // The thread that reads is the one that closes: a descriptor closed under a blocked
            // `read` would keep the pipe's reader alive.
            defer {
                close(descriptor)
                finished.signal()
            }
            while !stopReading.withLock({ $0 }) {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 20) > 0 else { continue }
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                pending.append(contentsOf: buffer[0..<count])
                while let newline = pending.firstIndex(of: 10) {
                    let text = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    lines.withLock { $0.append((Date(), text)) }
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
        }
    }

    var received: [(at: Date, text: String)] { lines.withLock { $0 } }

    /// Waits for a line that satisfies `condition`, returning it with the moment it came.
    func waitForLine(timeout: TimeInterval = 5, where condition: (String) -> Bool) -> (at: Date, text: String)? {
        var found: (at: Date, text: String)?
        _ = waitUntil(timeout, every: 0.005) {
            found = received.first { condition($0.text) }
            return found != nil
        }
        return found
    }

    /// Closes this end of the pipe, as a status bar does when it goes away.
    func closeReader() {
        stopReading.withLock { $0 = true }
        finished.wait()
        finished.signal()
    }

    /// Waits for the program to end, at most `timeout`; its result, or nil if it still runs.
    func exit(within timeout: TimeInterval) -> Spawn.Result? {
        // A process that has ended and is not yet waited for is a zombie ("Z") in /proc.
        let ended = waitUntil(timeout, every: 0.01) {
            let stat = (try? String(contentsOfFile: "/proc/\(process.pid)/stat", encoding: .utf8)) ?? ""
            return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
        }
        guard ended else { return nil }
        reaped = true
        return process.wait()
    }

    private var reaped = false

    deinit {
        closeReader()
        guard !reaped else { return }
        process.kill(SIGKILL)
        _ = process.wait()
    }
}
