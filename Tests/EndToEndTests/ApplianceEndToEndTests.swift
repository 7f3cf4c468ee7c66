import Foundation
import LaundryTestSupport
import XCTest

/// Loads that end when the washer really stops: a smart plug's power, replayed through a real
/// Mosquitto broker, read by the real daemon; its popups on dunst.
final class ApplianceEndToEndTests: BrokerTestCase {
    private let topic = "shellies/washer/relay/0/power"

    private func configure(doneAfter: Double) throws {
        try home.writeConfig(
            #"{"sound": false, "headsUpMinutes": 0, "# + broker.settings()
                + #", "appliances": {"washer": {"powerTopic": "\#(topic)", "doneAfterSeconds": \#(doneAfter)}}}"#)
        home.ok("daemon", "start")
        XCTAssertTrue(waitUntil(8) { self.bridging }, log)
    }

    func test_aRealCyclesPowerCurveEndsTheLoadAfterItsTailAndNotInItsDips() throws {
        try configure(doneAfter: 2)
        let name = "Cotton \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "1h")
        let replay = broker.replay(topic, file: SourceTree.root + "/Tests/Fixtures/power/washer-cotton-40.txt")
        var endedAt: Double?
        var stages: [(Double, String)] = []
        // The stage every 50 ms while the replay runs, until the load has ended.
        _ = waitUntil(25) {
            let stage = home.pet(name)["stage"] as? String ?? "?"
            stages.append((Date().timeIntervalSince1970, stage))
            if stage == "washed" { endedAt = Date().timeIntervalSince1970 }
            return endedAt != nil
        }
        XCTAssertTrue(waitUntil(20) { replay.outputSoFar.split(separator: "\n").count >= 31 }, "the replay finished")
        let output = replay.outputSoFar
        _ = replay.wait()
        let sent = output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        let ended = try XCTUnwrap(endedAt, "the load never ended: \(log)")
        // The tail: the first reading under 5 W after which none rose again.
        let lastHigh = try XCTUnwrap(sent.lastIndex { ($0["watts"] as? Double ?? 0) >= 5 })
        let tail = try XCTUnwrap(sent[lastHigh + 1]["t"] as? Double)
        print("appliance: tail under 5 W → load ended \(Int((ended - tail) * 1000)) ms later (doneAfterSeconds 2)")
        XCTAssertGreaterThanOrEqual(ended - tail, 1.9, "not before the tail lasted doneAfterSeconds")
        XCTAssertLessThan(ended - tail, 3.0, "within a second of doneAfterSeconds")
        XCTAssertTrue(
            stages.filter { $0.0 < tail }.allSatisfy { $0.1 == "washing" }, "no dip ended it early: \(stages)")
        let history = try XCTUnwrap(home.json("history", name) as? [[String: Any]])
        XCTAssertEqual(history.first { $0["event"] as? String == "washDone" }?["stoppedBy"] as? String, "washer")
        XCTAssertTrue(waitUntil(3) { NotifyLog.calls(mentioning: self.marker).count == 1 }, log)
        // Its words say the washer ended it (the words themselves: Tests/Golden/messages.txt).
        // Logged once the server took it: the popup can be seen a moment before.
        let byWasher = ["pet": name, "event": "washDone", "stoppedBy": "washer", "shown": "true"]
        XCTAssertTrue(waitUntil(5) { self.logged(byWasher) == 1 }, log)
    }

    func test_aTimerThatRunsOutWhileTheWasherStillRunsSaysSo() throws {
        try configure(doneAfter: 1)
        let name = "Slow \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "2s")
        broker.publish(topic, "500")
        XCTAssertTrue(waitUntil(6) { !NotifyLog.calls(mentioning: self.marker).isEmpty }, log)
        XCTAssertEqual(NotifyLog.calls(mentioning: marker).first?.category, "x-laundry.done")
        // Its words say the washer still runs (the words themselves: Tests/Golden/messages.txt).
        XCTAssertTrue(
            waitUntil(5) { self.logged(["pet": name, "event": "washDone", "stillRunning": "washer"]) == 1 }, log)
        broker.publish(topic, "0.5")
        XCTAssertTrue(
            waitUntil(4) { self.logged(["surface": "appliance", "appliance": "washer", "event": "noLoad"]) == 1 }, log)
    }

    func test_aWasherThatStartsWithNoLoadAsksWhoseLoadItIs() throws {
        try configure(doneAfter: 1)
        home.ok("adopt", "Due \(marker)", "--every", "7", "--last-washed", "6 days ago")
        home.ok("adopt", "Fresh \(marker)", "--every", "7", "--last-washed", "1 day ago")
        home.ok("adopt", "Middle \(marker)", "--every", "7", "--last-washed", "3 days ago")
        home.ok("adopt", "Newest \(marker)", "--every", "7")
        home.runProgram("/usr/bin/dunstctl", ["close-all"])
        broker.publish(topic, "800")
        let asked = { NotifyLog.calls().last { $0.category == "x-laundry.appliance" } }
        XCTAssertTrue(waitUntil(5) { asked() != nil }, log)
        let popup = try XCTUnwrap(asked())
        // Its words are in Tests/Golden; the daemon says which popup it was.
        XCTAssertTrue(
            waitUntil(5) { self.logged(["surface": "popup", "event": "whoseLoad", "shown": "true"]) == 1 }, log)
        let due = try XCTUnwrap(home.pet("Due \(marker)")["id"] as? String)
        let middle = try XCTUnwrap(home.pet("Middle \(marker)")["id"] as? String)
        let fresh = try XCTUnwrap(home.pet("Fresh \(marker)")["id"] as? String)
        XCTAssertEqual(
            popup.actions,
            [
                "load:\(due)", "Due \(marker)", "load:\(middle)", "Middle \(marker)", "load:\(fresh)",
                "Fresh \(marker)",
                "not-laundry", "Not laundry",
            ], "the three most due, most due first")
        let pick = try XCTUnwrap(ProcessInfo.processInfo.environment["LAUNDRY_DUNST_PICK"])
        try ",load:\(middle)]".write(toFile: pick, atomically: true, encoding: .utf8)
        home.runProgram("/usr/bin/dunstctl", ["context"])
        XCTAssertTrue(waitUntil(5) { self.home.pet("Middle \(marker)")["stage"] as? String == "washing" }, log)
        // The washer stops: that load ends.
        broker.publish(topic, "1")
        XCTAssertTrue(waitUntil(5) { self.home.pet("Middle \(marker)")["stage"] as? String == "washed" }, log)
    }
}

/// TLS to the broker, the server's name verified against a CA made for the test.
final class BrokerTLSEndToEndTests: DaemonTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        home.logsJSON()
    }

    private func makeCertificates(in folder: String) throws -> (ca: String, cert: String, key: String) {
        let steps = [
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "1",
                "-subj", "/CN=laundry test CA",
            ],
            [
                "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj",
                "/CN=localhost",
            ],
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out",
                "server.crt", "-days", "1", "-extfile", "ext",
            ],
        ]
        try "subjectAltName=DNS:localhost\n".write(toFile: folder + "/ext", atomically: true, encoding: .utf8)
        for step in steps {
            let result = Spawn.run(
                "/bin/sh", ["-c", "cd \"$0\" && exec /usr/bin/openssl \"$@\"", folder] + step,
                environment: ["PATH": "/usr/bin:/bin"])
            guard result.status == 0 else { throw Mosquitto.Failure(description: "openssl: \(result.stderr)") }
        }
        return (folder + "/ca.crt", folder + "/server.crt", folder + "/server.key")
    }

    func test_tlsWithATestCAConnectsAndAWrongNameIsRefused() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/usr/sbin/mosquitto"), "needs mosquitto")
        let folder = home.path + "/tls"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let files = try makeCertificates(in: folder)
        let broker = Mosquitto(tls: files)
        try broker.start()
        defer { broker.stop() }
        home.ok("adopt", "Secure \(marker)")
        // The certificate names localhost, not 127.0.0.1: the name check refuses it.
        try home.writeConfig(
            #"{"sound": false, "# + broker.settings(scheme: "mqtts", extra: #", "caFile": "\#(files.ca)""#) + "}")
        home.ok("daemon", "start")
        XCTAssertTrue(
            waitUntil(8) { self.logged(["surface": "mqtt", "event": "down", "problem": "unreachable"]) == 1 }, log)
        XCTAssertEqual(logged(["surface": "mqtt", "event": "bridging"]), 0, log)
        home.ok("daemon", "stop")
        try home.writeConfig(
            #"{"sound": false, "#
                + broker.settings(scheme: "mqtts", host: "localhost", extra: #", "caFile": "\#(files.ca)""#) + "}")
        home.ok("daemon", "start")
        XCTAssertTrue(waitUntil(8) { self.logged(["surface": "mqtt", "event": "bridging", "pets": "1"]) == 1 }, log)
    }
}
