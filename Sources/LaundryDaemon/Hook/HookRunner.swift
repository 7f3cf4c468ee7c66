import CGLib
import FoundationEssentials
@preconcurrency import Glibc
import LaundryControl
import LaundryCore
import LaundryRendering
import Logging

/// Runs the user's hook per notification off the loop (GLib child watch, timeout kill, live stderr). A pet's hooks run
/// in event order (a start's push must precede its withdrawal); others' alongside, up to `maximumRunning`.
public protocol HookLauncher: AnyObject {
    func run(_ event: HookEvent, command: [String], timeout: Double, quiet: Bool)
}

final class HookRunner: HookLauncher {
    /// Hooks mostly wait on the network (curl to ntfy.sh): several in flight keep one slow server from holding all.
    static let maximumRunning = 8

    private struct Job {
        let event: HookEvent
        let command: [String]
        let timeout: Double
        let quiet: Bool
        /// Hooks in one lane run in order: a pet's, or the household's for events with no pet.
        var lane: String { event.petID?.uuidString ?? "" }
    }

    private final class Running {
        let job: Job
        let process: HookProcess
        var stderr: [UInt8] = []
        var timedOut = false
        var timeoutSource: guint = 0
        var readSource: guint = 0
        weak var runner: HookRunner?
        init(job: Job, process: HookProcess, runner: HookRunner) {
            self.job = job
            self.process = process
            self.runner = runner
        }
    }

    private let logger: Logger
    private var waiting: [Job] = []
    private var running: [pid_t: Running] = [:]

    init(logger: Logger) { self.logger = logger }

    func run(_ event: HookEvent, command: [String], timeout: Double, quiet: Bool) {
        waiting.append(Job(event: event, command: command, timeout: timeout, quiet: quiet))
        startWaiting()
    }

    /// A run's facts, for `--log-format json`: the event, the pet, and how it ended.
    static func metadata(_ event: HookEvent, _ outcome: HookOutcome) -> Logger.Metadata {
        var about: Logger.Metadata = ["surface": "hook", "event": "\(event.event)"]
        if event.petID != nil { about["pet"] = "\(event.petName)" }
        switch outcome.end {
        case .exited(let status): about["exit"] = "\(status)"
        case .killedBySignal(let signal): about["signal"] = "\(signal)"
        case .timedOut(let seconds): about["timedOut"] = "\(seconds)"
        case .notStarted(let program, _): about["notStarted"] = "\(program)"
        }
        if let stderr = outcome.stderr { about["stderr"] = "\(stderr)" }
        return about
    }

    private func startWaiting() {
        var busy = Set(running.values.map(\.job.lane))
        var index = waiting.startIndex
        while running.count < Self.maximumRunning, index < waiting.endIndex {
            let lane = waiting[index].lane
            // A lane waiting behind its running hook also holds back its later jobs.
            guard busy.insert(lane).inserted else {
                index += 1
                continue
            }
            let job = waiting.remove(at: index)
            let process: HookProcess
            do { process = try HookProcess.spawn(job.command, event: job.event, quiet: job.quiet) } catch {
                logger.error(
                    "hook for \(job.event.event): \(HookOutcomeText.line(error))",
                    metadata: Self.metadata(job.event, error))
                busy.remove(lane)
                continue
            }
            let entry = Running(job: job, process: process, runner: self)
            running[process.pid] = entry
            let context = Unmanaged.passUnretained(entry).toOpaque()
            entry.readSource = g_unix_fd_add_full(
                G_PRIORITY_DEFAULT, process.stderr, GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue),
                Self.readable, context, nil)
            entry.timeoutSource = g_timeout_add_full(
                G_PRIORITY_DEFAULT, guint(max(1, job.timeout * 1000)), Self.timedOut, context, nil)
            g_child_watch_add_full(G_PRIORITY_DEFAULT, process.pid, Self.exited, context, nil)
        }
    }

    private func finish(_ entry: Running, waitStatus: Int32) {
        if entry.timeoutSource != 0 { _ = g_source_remove(entry.timeoutSource) }
        if entry.readSource != 0 {
            _ = g_source_remove(entry.readSource)
            _ = HookProcess.drain(entry.process.stderr, into: &entry.stderr)
        }
        close(entry.process.stderr)
        // Whatever the hook left behind in its process group goes with it.
        entry.process.kill()
        running[entry.process.pid] = nil
        let outcome = HookProcess.outcome(
            waitStatus: waitStatus, timedOut: entry.timedOut, timeout: entry.job.timeout, stderr: entry.stderr)
        var line = "hook for \(entry.job.event.event)"
        if !entry.job.event.petName.isEmpty, entry.job.event.petID != nil { line += " (\(entry.job.event.petName))" }
        logger.log(
            level: outcome.end == .exited(status: 0) ? .info : .error, "\(line): \(HookOutcomeText.line(outcome))",
            metadata: Self.metadata(entry.job.event, outcome))
        startWaiting()
    }

    private static let readable: GUnixFDSourceFunc = { fd, _, context in
        let entry = Unmanaged<Running>.fromOpaque(context!).takeUnretainedValue()
        if HookProcess.drain(fd, into: &entry.stderr) { return 1 }
        entry.readSource = 0
        return 0
    }

    private static let timedOut: GSourceFunc = { context in
        let entry = Unmanaged<Running>.fromOpaque(context!).takeUnretainedValue()
        entry.timeoutSource = 0
        entry.timedOut = true
        entry.process.kill()
        return 0
    }

    private static let exited: GChildWatchFunc = { _, status, context in
        let entry = Unmanaged<Running>.fromOpaque(context!).takeUnretainedValue()
        entry.runner?.finish(entry, waitStatus: status)
    }
}
