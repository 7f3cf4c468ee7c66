import Foundation
import LaundryTestSupport

/// scripts/fake-home-assistant.py on loopback: a scripted Home Assistant WebSocket API, told line by line what its
/// entities do (through a pipe to its stdin) and saying what it sees (JSON lines on its stdout).
final class FakeHomeAssistant {
    /// An entity's state and attributes, as Home Assistant holds them.
    struct Entity {
        let id: String
        let state: String
        let attributes: [String: Any]
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    private let process: Spawn.Running
    private let commands: Int32
    let port: Int

    /// `options`: the script's (`--token other`, `--version 2025.4.4`); `entities`: the states it starts with.
    init(_ options: [String] = [], entities: [Entity] = [], folder: String) throws {
        // A write to a fake that already ended must fail, not kill the test run.
        signal(SIGPIPE, SIG_IGN)
        let states = folder + "/fake-home-assistant-states.json"
        let initial = Dictionary(uniqueKeysWithValues: entities.map { ($0.id, ["s": $0.state, "a": $0.attributes]) })
        try JSONSerialization.data(withJSONObject: initial).write(to: URL(fileURLWithPath: states))
        var ends: [Int32] = [0, 0]
        pipe(&ends)
        // Neither end leaks into other programs (the daemon above all): the script gets the read end as its stdin.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let process = Spawn.start(
            "/usr/bin/python3",
            [SourceTree.root + "/scripts/fake-home-assistant.py", "0", "--states", states] + options,
            environment: ["PATH": "/usr/bin:/bin"], stdinFrom: ends[0])
        close(ends[0])
        self.process = process
        commands = ends[1]
        var listening: Int?
        _ = waitUntil(10) {
            listening = Self.lines(process.outputSoFar).first { $0["event"] as? String == "listening" }?["port"] as? Int
            return listening != nil
        }
        guard let listening else {
            close(commands)
            process.kill(SIGKILL)
            throw Failure(description: "the fake Home Assistant did not listen: \(process.wait().stderr)")
        }
        port = listening
    }

    deinit {
        close(commands)
        process.kill(SIGTERM)
        _ = process.wait()
    }

    /// config.json's `homeAssistant`.
    func settings(tokenFile: String) -> String {
        #""homeAssistant": {"url": "http://127.0.0.1:\#(port)", "tokenFile": "\#(tokenFile)"}"#
    }

    /// What the script saw, one object a line (`connected`, `auth`, `subscribe`, `closed`, …).
    var seen: [[String: Any]] { Self.lines(process.outputSoFar) }

    /// How many times it saw `event`.
    func count(_ event: String) -> Int { seen.filter { $0["event"] as? String == event }.count }

    /// The entity's new state, sent to laundryd as Home Assistant's diff.
    func set(_ entity: Entity) { send(["set": entity.id, "s": entity.state, "a": entity.attributes]) }

    /// One line of the script's orders (`{"text": …}`, `{"close": 1001}`, …).
    func send(_ order: [String: Any]) {
        guard var line = try? JSONSerialization.data(withJSONObject: order) else { return }
        line.append(UInt8(ascii: "\n"))
        line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(commands, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    private static func lines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }
}
