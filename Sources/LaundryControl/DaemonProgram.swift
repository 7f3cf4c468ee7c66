import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore
import LaundryStore

/// Where `laundryd` is: beside `laundry` (same install or build), else on PATH; the command never loads its libraries.
public enum DaemonProgram {
    public static let name = "laundryd"

    public static func path(environment: [String: String]) -> String? {
        if let own = DataDirectory.currentExecutable() {
            let beside = PathText.appending(name, to: PathText.parent(own))
            if access(beside, X_OK) == 0 { return beside }
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Replaces this process with `laundryd arguments` (`laundry daemon run`); returns only on failure, with `errno`.
    public static func exec(_ arguments: [String], environment: [String: String]) throws(DaemonError) -> Never {
        guard let program = path(environment: environment) else { throw DaemonError.daemonProgramNotFound }
        let failure = CStrings.with([program] + arguments) { argv in
            execv(program, argv)
            return errno
        }
        throw DaemonError.system("execv \(program)", failure)
    }

    /// `laundryd --version`'s version, or nil when it does not answer.
    public static func version(environment: [String: String]) -> String? {
        guard let output = try? output(["--version"], environment: environment) else { return nil }
        let words = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        return words.count == 2 && words[0] == Substring(name) ? String(words[1]) : nil
    }

    /// Runs `laundryd arguments…` and reads the JSON it prints as `Answer`.
    static func answer<Answer: Decodable>(
        _ arguments: [String], environment: [String: String]
    ) throws(DaemonError) -> Answer {
        let output = try output(arguments, environment: environment)
        do { return try JSONCoding.decoder().decode(Answer.self, from: output) } catch {
            throw DaemonError.daemonProgramFailed(program: path(environment: environment) ?? name)
        }
    }

    /// Runs `laundryd arguments…`, waits for it, and returns its stdout (its stderr goes to ours).
    static func output(_ arguments: [String], environment: [String: String]) throws(DaemonError) -> Data {
        guard let program = path(environment: environment) else { throw DaemonError.daemonProgramNotFound }
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw DaemonError.system("pipe", errno) }
        // Neither end stays open in the child but as its standard output.
        for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn([program] + arguments, environment: environment, output: .descriptor(pipe[1]))
        } catch {
            close(pipe[0])
            close(pipe[1])
            throw DaemonError.system("posix_spawn \(program)", error.errno)
        }
        close(pipe[1])
        defer { close(pipe[0]) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        let status = ChildProcess.wait(for: pid)
        // WIFEXITED and WEXITSTATUS are macros Swift cannot call.
        let exitedCleanly = status & 0x7f == 0 && (status >> 8) & 0xff == 0
        guard exitedCleanly else { throw DaemonError.daemonProgramFailed(program: program) }
        return Data(bytes)
    }
}
