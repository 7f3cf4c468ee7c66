import FoundationEssentials
@preconcurrency import Glibc
import LaundryControl
import LaundryCore

/// The hook run from `laundry notify-test`'s own process: waited for, and killed at the timeout.
enum HookTrial {
    static func run(_ command: [String], event: HookEvent, timeout: Double) -> HookOutcome {
        let process: HookProcess
        do { process = try HookProcess.spawn(command, event: event, quiet: false) } catch { return error }
        var stderr: [UInt8] = []
        var status: Int32 = 0
        // A wait, not a time of day: on the monotonic clock.
        let deadline = ContinuousClock.now + .seconds(timeout)
        var timedOut = false
        while waitpid(process.pid, &status, WNOHANG) == 0 {
            _ = HookProcess.drain(process.stderr, into: &stderr)
            if ContinuousClock.now >= deadline {
                timedOut = true
                process.kill()
                _ = waitpid(process.pid, &status, 0)
                break
            }
            usleep(20_000)
        }
        _ = HookProcess.drain(process.stderr, into: &stderr)
        close(process.stderr)
        return HookProcess.outcome(waitStatus: status, timedOut: timedOut, timeout: timeout, stderr: stderr)
    }
}
