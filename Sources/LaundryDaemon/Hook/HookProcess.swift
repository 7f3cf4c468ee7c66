import CGLib
import FoundationEssentials
@preconcurrency import Glibc
import LaundryControl
import LaundryCore

/// One run of the user's hook: spawned from its argv (a shell only if the user names one) in its own process group, so
/// a timeout kills all it started; the event in its environment and as JSON on stdin; its stderr read back.
struct HookProcess {
    let pid: pid_t
    /// The read end of the hook's standard error, non-blocking.
    let stderr: Int32

    static func spawn(_ command: [String], event: HookEvent, quiet: Bool) throws(HookOutcome) -> HookProcess {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in event.environment { environment[key] = value }
        environment["LAUNDRY_QUIET"] = quiet ? "1" : "0"
        var input: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard Self.closeOnExecPipe(&input) else { throw HookOutcome(.notStarted(program: command[0], errno: errno)) }
        guard Self.closeOnExecPipe(&errors) else {
            let error = errno
            close(input[0])
            close(input[1])
            throw HookOutcome(.notStarted(program: command[0], errno: error))
        }
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(
                command, environment: environment, searchingPath: true, input: .descriptor(input[0]), output: .null,
                error: .descriptor(errors[1]), grouping: .ownGroup)
        } catch {
            for end in input + errors { close(end) }
            throw HookOutcome(.notStarted(program: command[0], errno: error.errno))
        }
        close(input[0])
        close(errors[1])
        // The event is small (well under a pipe's 64 KiB), so this write does not block; a hook that does not read its
        // input just never sees it, and one already gone is EPIPE, not a SIGPIPE that would end this process.
        signal(SIGPIPE, SIG_IGN)
        let json = event.json + "\n"
        _ = json.withCString { write(input[1], $0, strlen($0)) }
        close(input[1])
        _ = fcntl(errors[0], F_SETFL, fcntl(errors[0], F_GETFL) | O_NONBLOCK)
        return HookProcess(pid: pid, stderr: errors[0])
    }

    /// Kills the hook and everything it started.
    func kill() { _ = Glibc.kill(-pid, SIGKILL) }

    /// Reads what stderr holds now; false at its end.
    static func drain(_ fd: Int32, into text: inout [UInt8]) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count > 0 {
                text += buffer[0..<count]
                // Only the last line is logged: keep the tail.
                if text.count > 8192 { text.removeFirst(text.count - 4096) }
                continue
            }
            return count < 0 && (errno == EAGAIN || errno == EINTR)
        }
    }

    private static func lastLine(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).last.map { String($0.prefix(300)) }
    }

    /// How a run ended, for the log and `notify-test`: "exit 3; stderr: …", "killed after 1 s (hookTimeoutSeconds)".
    static func outcome(waitStatus: Int32, timedOut: Bool, timeout: Double, stderr: [UInt8]) -> HookOutcome {
        let signal = waitStatus & 0x7f
        let end: HookOutcome.End =
            timedOut
            ? .timedOut(seconds: timeout)
            : signal == 0
                ? .exited(status: (waitStatus >> 8) & 0xff)
                : .killedBySignal(signal)
        return HookOutcome(end, stderr: lastLine(stderr))
    }

    /// Neither end leaks: GDBus and PulseAudio threads run alongside, and PulseAudio may spawn its server.
    private static func closeOnExecPipe(_ ends: inout [Int32]) -> Bool { pipe2(&ends, O_CLOEXEC) == 0 }

}
