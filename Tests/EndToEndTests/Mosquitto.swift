import Foundation
import LaundryTestSupport
import XCTest

/// A real Mosquitto broker on loopback, and paho (scripts/mqtt-peer.py) playing Home Assistant and
/// the smart plugs.
final class Mosquitto {
    let folder: String
    private(set) var port: Int
    private var process: Spawn.Running?
    private let tls: (ca: String, cert: String, key: String)?

    struct Failure: Error, CustomStringConvertible { let description: String }

    init(tls: (ca: String, cert: String, key: String)? = nil, port: Int? = nil) {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("mosquitto-\(UUID().uuidString.prefix(8))")
            .path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        self.port = port ?? Int.random(in: 20_000...40_000)
        self.tls = tls
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    var log: String { (try? String(contentsOfFile: folder + "/mosquitto.log", encoding: .utf8)) ?? "" }

    func start() throws {
        for _ in 0..<5 {
            var config = "listener \(port) 127.0.0.1\nallow_anonymous true\nlog_dest file \(folder)/mosquitto.log\n"
            config += "log_type all\npersistence false\n"
            // As root, mosquitto would become the user "mosquitto", who cannot write in our folder.
            if getuid() == 0 { config += "user root\n" }
            if let tls { config += "cafile \(tls.ca)\ncertfile \(tls.cert)\nkeyfile \(tls.key)\n" }
            try config.write(toFile: folder + "/mosquitto.conf", atomically: true, encoding: .utf8)
            process = Spawn.start("/usr/sbin/mosquitto", ["-c", folder + "/mosquitto.conf"], environment: [:])
            if waitUntil(5, { self.log.contains("mosquitto version") && self.log.contains("running") }) { return }
            stop()
            port = Int.random(in: 20_000...40_000)
        }
        throw Failure(description: "mosquitto did not start: \(log)")
    }

    func stop() {
        process?.kill(SIGTERM)
        _ = process?.wait()
        process = nil
    }

    /// `"mqtt": {...}` for config.json.
    func settings(scheme: String = "mqtt", host: String = "127.0.0.1", extra: String = "") -> String {
        #""mqtt": {"url": "\#(scheme)://\#(host):\#(port)"\#(extra)}"#
    }

    // MARK: Peers

    struct Message {
        let time: Double
        let topic: String
        let payload: String
        let retained: Bool
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(payload.utf8))) as? [String: Any] }
    }

    /// A client subscribed to `patterns`, recording every message until stopped.
    final class Collector {
        private let process: Spawn.Running

        init(port: Int, patterns: [String]) throws {
            process = Spawn.start(
                "/usr/bin/python3", [SourceTree.root + "/scripts/mqtt-peer.py", String(port), "collect"] + patterns,
                environment: ["PATH": "/usr/bin:/bin"])
            guard waitUntil(5, { self.process.outputSoFar.contains("subscribed") }) else {
                throw Failure(description: "the collector did not subscribe")
            }
        }

        deinit {
            process.kill(SIGTERM)
            _ = process.wait()
        }

        var messages: [Message] {
            process.outputSoFar.split(separator: "\n").compactMap { line in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let topic = object["topic"] as? String, !topic.isEmpty
                else { return nil }
                return Message(
                    time: object["t"] as? Double ?? 0, topic: topic, payload: object["payload"] as? String ?? "",
                    retained: object["retain"] as? Bool ?? false)
            }
        }

        func on(_ topic: String) -> [Message] { messages.filter { $0.topic == topic } }
    }

    func collect(_ patterns: String...) throws -> Collector { try Collector(port: port, patterns: patterns) }

    func publish(_ topic: String, _ payload: String, retained: Bool = false) {
        // A large payload goes through stdin: an argument that long would not fit.
        let large = payload.utf8.count > 10_000
        let result = Spawn.run(
            "/usr/bin/python3",
            [SourceTree.root + "/scripts/mqtt-peer.py", String(port), "publish", topic, large ? "-" : payload]
                + (retained ? ["--retain"] : []), environment: ["PATH": "/usr/bin:/bin"], stdin: large ? payload : nil)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// Replays a power curve on `topic`; returns the running replay (its output: when each went out).
    func replay(_ topic: String, file: String) -> Spawn.Running {
        Spawn.start(
            "/usr/bin/python3", [SourceTree.root + "/scripts/mqtt-peer.py", String(port), "replay", topic, file],
            environment: ["PATH": "/usr/bin:/bin"])
    }
}

/// A daemon test with a real Mosquitto broker of its own, started before and stopped after.
class BrokerTestCase: DaemonTestCase {
    var broker: Mosquitto!

    override func setUpWithError() throws {
        try super.setUpWithError()
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/usr/sbin/mosquitto"), "needs mosquitto")
        broker = Mosquitto()
        try broker.start()
        home.logsJSON()
    }

    /// The daemon's log says it bridges the household's pets to Home Assistant.
    var bridging: Bool { logged(["surface": "mqtt", "event": "bridging"]) > 0 }

    override func tearDown() {
        super.tearDown()
        broker?.stop()
    }
}
