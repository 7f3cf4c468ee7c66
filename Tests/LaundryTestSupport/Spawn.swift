import Foundation
import LaundryControl

/// Runs a program and waits for it, through laundry's own `ChildProcess`. Foundation's Process
/// waited forever here whenever the program left a process behind (tmux's server, a forked
/// dbus-daemon, laundry's own daemon), so every test goes through this instead.
public enum Spawn {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String

        public var stderrLines: [String] {
            stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }
    }

    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        stdin: String? = nil
    ) -> Result {
        start(executable, arguments, environment: environment, stdin: stdin).wait()
    }

    /// A program that is running; `wait()` once for its result (after a `kill`, too).
    public struct Running: Sendable {
        public let pid: pid_t
        fileprivate let folder: String
        /// What the program has written to its stdout so far (unless it was given a descriptor).
        public var outputSoFar: String {
            (try? String(contentsOfFile: folder + "/stdout", encoding: .utf8)) ?? ""
        }

        public func kill(_ signal: Int32) {
            if pid > 0 { _ = Glibc.kill(pid, signal) }
        }

        public func wait() -> Result {
            defer { try? FileManager.default.removeItem(atPath: folder) }
            guard pid > 0 else {
                return Result(status: -1, stdout: "", stderr: read("stderr"))
            }
            let status = ChildProcess.wait(for: pid)
            // WEXITSTATUS, or 128 + the signal for a killed program.
            let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            return Result(status: code, stdout: read("stdout"), stderr: read("stderr"))
        }

        private func read(_ name: String) -> String {
            (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
        }
    }

    /// - Parameter stdoutTo: a descriptor (a pipe's write end, say) to give the program as its
    ///   stdout, instead of a file read after it ends.
    /// - Parameter stdinFrom: a descriptor (a pipe's read end) to give the program as its stdin, for
    ///   a program told what to do line by line while it runs; `stdin` is ignored then.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String],
        stdin: String? = nil, stdoutTo descriptor: Int32? = nil, stdinFrom source: Int32? = nil
    ) -> Running {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let input = folder + "/stdin"
        let output = folder + "/stdout"
        let errors = folder + "/stderr"
        _ = FileManager.default.createFile(atPath: input, contents: Data((stdin ?? "").utf8))
        var pid: pid_t
        do {
            pid = try ChildProcess.spawn(
                [executable] + arguments, environment: environment, searchingPath: true,
                input: source.map { .descriptor($0) } ?? (stdin == nil ? .null : .reading(input)),
                output: descriptor.map { .descriptor($0) } ?? .writing(output), error: .writing(errors))
        } catch {
            try? "cannot run \(executable): \(error.errno)".write(toFile: errors, atomically: false, encoding: .utf8)
            pid = -1
        }
        return Running(pid: pid, folder: folder)
    }
}
