import Foundation
import LaundryTestSupport
import XCTest

/// Plugs that report badly, replayed in real time but compressed (Tests/Fixtures/power), each in a
/// household of its own (a home, a real Mosquitto, the real daemon), all five side by side: the
/// energy the daemon measured against the integral this test computes from what was sent, each end
/// against the trace's own, and no false start or end.
// Its households run on threads of their own; each touches only its own home and broker.
final class PlugTraceEndToEndTests: DaemonTestCase, @unchecked Sendable {
    private static let fixtures = SourceTree.root + "/Tests/Fixtures/power/"
    private static let doneAfter = 2.0
    private typealias Sent = [(t: Double, watts: Double)]

    /// One household replaying one trace on one plug.
    private final class Household: @unchecked Sendable {
        let home = LaundryHome()
        let broker = Mosquitto()
        let topic: String

        init(_ appliance: String, topic: String, extra: String = "", price: String = "") throws {
            self.topic = topic
            try home.allowDaemon()
            home.logsJSON()
            try broker.start()
            let plug = #"{"powerTopic": "\#(topic)", "doneAfterSeconds": \#(doneAfter)\#(extra)}"#
            try home.writeConfig(
                #"{"sound": false, "headsUpMinutes": 0, "liveCard": false, "# + broker.settings() + price
                    + #", "appliances": {"\#(appliance)": \#(plug)}}"#)
            home.ok("daemon", "start")
            XCTAssertTrue(waitUntil(8) { self.logged(["surface": "mqtt", "event": "bridging"]) > 0 }, log)
        }

        var log: String { home.daemonLog }

        /// How many of the daemon's log facts have every key and value of `fields`.
        func logged(_ fields: [String: String]) -> Int { home.daemonEvents(fields).count }

        /// How many times the daemon's log says the appliance did `event` (started, stopped, silent, speaksAgain).
        func appliance(_ name: String, _ event: String) -> Int {
            logged(["surface": "appliance", "appliance": name, "event": event])
        }

        func stop() {
            home.run(["daemon", "stop"])
            broker.stop()
        }

        /// Replays `file` and waits for it to end: what was sent, with when.
        func replay(_ file: String, until seconds: Double = 30) -> Sent {
            let replay = broker.replay(topic, file: fixtures + file)
            let count = ((try? String(contentsOfFile: fixtures + file, encoding: .utf8)) ?? "")
                .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.count
            XCTAssertTrue(waitUntil(seconds) { replay.outputSoFar.split(separator: "\n").count >= count }, "replayed")
            let output = replay.outputSoFar
            _ = replay.wait()
            return output.split(separator: "\n").compactMap {
                let json = (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
                guard let t = json?["t"] as? Double, let watts = json?["watts"] as? Double else { return nil }
                return (t, watts)
            }
        }

        func load(_ name: String) throws -> [String: Any] {
            try XCTUnwrap((home.json("loads", name) as? [[String: Any]])?.first)
        }

        /// The load's figure `key` once the daemon has written it.
        func measured(_ name: String, _ key: String) throws -> Double {
            XCTAssertTrue(waitUntil(4) { (try? self.load(name))?[key] != nil }, log)
            let record = try load(name)
            return try XCTUnwrap(record[key] as? Double, "\(record)")
        }
    }

    /// The energy of a run as laundry defines it, computed here from what was sent: from the first
    /// reading above the running threshold, a straight line to a reading at most 5 s later, else the
    /// earlier reading held (for at most `stale` seconds), to the stop.
    private static func integral(_ sent: Sent, stop: Double, stale: Double = 600) -> Double {
        guard let first = sent.firstIndex(where: { $0.watts > 10 }) else { return 0 }
        let run = sent[first...].filter { $0.t <= stop } + [(t: stop, watts: -1)]
        var joules = 0.0
        for (from, to) in zip(run, run.dropFirst()) {
            let gap = to.t - from.t
            if to.watts >= 0, gap <= 5 {
                joules += (from.watts + to.watts) / 2 * gap
            } else {
                joules += from.watts * min(gap, stale)
            }
        }
        return joules / 3600
    }

    /// The drop that ends a run: the first reading under doneBelowWatts after which none rose again.
    private static func lastDrop(_ sent: Sent) throws -> Double {
        let lastHigh = try XCTUnwrap(sent.lastIndex { $0.watts >= 5 })
        return sent[lastHigh + 1].t
    }

    private static func error(_ measured: Double, _ expected: Double) -> Double { abs(measured - expected) / expected }

    /// When the pet's stage first reads `stage`, polled while the replay runs on this thread.
    private static func watch(_ household: Household, _ name: String, for stage: String) -> Locked<Double?> {
        let seen = Locked<Double?>(nil)
        Thread.detachNewThread {
            _ = waitUntil(40, every: 0.1) {
                guard household.home.pet(name)["stage"] as? String == stage else { return false }
                seen.withLock { $0 = Date().timeIntervalSince1970 }
                return true
            }
        }
        return seen
    }

    /// A wash through a trace: its end against the last drop, its energy against the integral.
    private static func wash(
        _ household: Household, _ file: String, stale: Double = 600, report: Locked<[String]>
    ) throws -> String {
        let name = "Trace \(file.prefix(12))"
        household.home.ok("adopt", name)
        household.home.ok("wash", name, "--for", "1h")
        let ended = watch(household, name, for: "washed")
        let sent = household.replay(file)
        XCTAssertTrue(waitUntil(10) { ended.withLock { $0 } != nil }, "\(file): the load ended: \(household.log)")
        let drop = try lastDrop(sent)
        let delay = try XCTUnwrap(ended.withLock { $0 }) - drop
        XCTAssertGreaterThanOrEqual(delay, doneAfter - 0.1, "\(file): not before the quiet lasted doneAfterSeconds")
        XCTAssertLessThan(delay, doneAfter + 5, "\(file): within doneAfterSeconds + 5 s of the last drop")
        let measured = try household.measured(name, "washEnergyWh")
        let expected = integral(sent, stop: drop + doneAfter, stale: stale)
        XCTAssertLessThan(error(measured, expected), 0.01, "\(file): energy within 1 %")
        let percent = String(format: "%.3f", error(measured, expected) * 100)
        report.withLock {
            $0.append(
                "\(file): ended \(Int(delay * 1000)) ms after the last drop (doneAfterSeconds 2); energy "
                    + "\(measured) Wh against \(expected) Wh, error \(percent) %")
        }
        return name
    }

    /// A plug that publishes every second or so (the cycle ApplianceEndToEndTests replays too).
    private static func everySecond(_ report: Locked<[String]>) throws {
        let household = try Household("washer", topic: "shellies/washer/relay/0/power")
        defer { household.stop() }
        let name = try wash(household, "washer-cotton-40.txt", report: report)
        XCTAssertNil(try household.load(name)["cost"], "no price, no cost")
    }

    /// A plug that publishes only on change; with a price, and Home Assistant's energy sensor.
    private static func onChange(_ report: Locked<[String]>) throws {
        let household = try Household(
            "washer", topic: "tele/washer/SENSOR", price: #", "price": {"perKWh": 0.32, "currency": "EUR"}"#)
        defer { household.stop() }
        let discovery = try household.broker.collect("homeassistant/sensor/+/energy/config")
        let name = try wash(household, "washer-on-change.txt", report: report)
        let measured = try household.measured(name, "washEnergyWh")
        XCTAssertEqual(try household.measured(name, "cost"), measured / 1000 * 0.32, accuracy: 1e-9)
        XCTAssertEqual(try household.load(name)["currency"] as? String, "EUR")
        let id = try XCTUnwrap(household.home.pet(name)["id"] as? String)
        let node = "laundry_" + id.replacingOccurrences(of: "-", with: "")
        let topic = "homeassistant/sensor/\(node)/energy/config"
        XCTAssertTrue(waitUntil(3) { !discovery.on(topic).isEmpty }, household.log)
        let config = try XCTUnwrap(discovery.on(topic).last?.json)
        XCTAssertEqual(config["device_class"] as? String, "energy")
        XCTAssertEqual(config["state_class"] as? String, "total_increasing")
        XCTAssertEqual(config["unit_of_measurement"] as? String, "Wh")
        let state = try household.broker.collect(try XCTUnwrap(config["state_topic"] as? String))
        XCTAssertTrue(
            waitUntil(3) {
                (state.messages.last?.json?["energy_wh"] as? Double).map { abs($0 - measured) < 1e-9 } ?? false
            }, "the energy sensor's state: \(state.messages.last?.payload ?? "nothing")")
    }

    /// A dryer's anti-crease tail after its plug ended the load.
    private static func antiCrease(_ report: Locked<[String]>) throws {
        let household = try Household(
            "dryer", topic: "shellies/dryer/relay/0/power", extra: #", "newLoadAfterSeconds": 4"#)
        defer { household.stop() }
        let name = "Tumble"
        household.home.ok("adopt", name)
        household.home.ok("wash", name, "--for", "1s")
        XCTAssertTrue(waitUntil(5) { household.home.pet(name)["stage"] as? String == "washed" })
        household.home.ok("dry", name, "--for", "1h")
        let cards = Locked<[String]>([])
        let done = Locked(false)
        Thread.detachNewThread {
            _ = waitUntil(40, every: 0.2) {
                let card = household.home.run(["status", name]).stdout
                cards.withLock { $0.append(card) }
                return done.withLock { $0 }
            }
        }
        let sent = household.replay("dryer-anti-crease.txt")
        done.withLock { $0 = true }
        let seen = cards.withLock { $0 }
        XCTAssertEqual(household.home.pet(name)["stage"] as? String, "dried", "the tail did not reopen it")
        XCTAssertTrue(seen.contains { $0.contains("done, still tumbling") }, "status: \(seen.last ?? "")")
        XCTAssertEqual(household.appliance("dryer", "started"), 1, "one start: \(household.log)")
        XCTAssertEqual(household.logged(["surface": "popup", "event": "whoseLoad"]), 0, household.log)
        let firstDrop = try XCTUnwrap(sent.first { $0.watts < 5 && $0.t > sent[1].t }?.t)
        let measured = try household.measured(name, "dryEnergyWh")
        let expected = integral(Array(sent.prefix { $0.t <= firstDrop }), stop: firstDrop + doneAfter)
        XCTAssertLessThan(error(measured, expected), 0.01, "anti-crease: energy within 1 %")
        report.withLock { $0.append("dryer-anti-crease.txt: energy \(measured) Wh against \(expected) Wh") }
    }

    /// A washer's delay-start standby before its cycle.
    private static func delayStart(_ report: Locked<[String]>) throws {
        let household = try Household("washer", topic: "shellies/washer/relay/0/power")
        defer { household.stop() }
        let sent = household.replay("washer-delay-start.txt")
        let started = try XCTUnwrap(sent.first { $0.watts > 10 }?.t)
        XCTAssertTrue(waitUntil(6) { household.appliance("washer", "stopped") == 1 }, household.log)
        // The only start is the cycle's, at its first reading: the standby's 4 W started nothing.
        let starts = household.home.daemonEvents(["surface": "appliance", "appliance": "washer", "event": "started"])
        XCTAssertEqual(starts.map { $0["watts"] }, ["2100"], household.log)
        XCTAssertGreaterThan(started, sent[0].t + 5, "the trace's standby came first")
        report.withLock { $0.append("washer-delay-start.txt: one start, at the cycle's 2100 W, none in the standby") }
    }

    /// A plug that goes silent mid-cycle and comes back.
    private static func silent(_ report: Locked<[String]>) throws {
        let household = try Household(
            "washer", topic: "shellies/washer/relay/0/power", extra: #", "staleAfterSeconds": 3"#)
        defer { household.stop() }
        let name = "Silent"
        household.home.ok("adopt", name)
        household.home.ok("wash", name, "--for", "1h")
        let replay = household.broker.replay(household.topic, file: fixtures + "washer-silent.txt")
        XCTAssertTrue(waitUntil(9) { household.appliance("washer", "silent") == 1 }, household.log)
        // daemon.json, which doctor words, names the silent plug.
        let silent = { (household.home.daemonStatus["broker"] as? [String: Any])?["plugsSilent"] as? [String] }
        XCTAssertTrue(waitUntil(3) { silent() == ["washer"] }, "\(household.home.daemonStatus)")
        XCTAssertEqual(household.home.pet(name)["stage"] as? String, "washing", "silence ends nothing")
        XCTAssertTrue(waitUntil(8) { household.appliance("washer", "speaksAgain") == 1 }, household.log)
        XCTAssertTrue(waitUntil(5) { replay.outputSoFar.split(separator: "\n").count >= 7 }, "replayed")
        let output = replay.outputSoFar
        _ = replay.wait()
        let sent: Sent = output.split(separator: "\n").compactMap { line in
            let json = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            guard let t = json?["t"] as? Double, let watts = json?["watts"] as? Double else { return nil }
            return (t, watts)
        }
        XCTAssertTrue(waitUntil(6) { household.home.pet(name)["stage"] as? String == "washed" }, household.log)
        XCTAssertEqual(household.appliance("washer", "silent"), 1, "reported once: \(household.log)")
        let measured = try household.measured(name, "washEnergyWh")
        let expected = integral(sent, stop: try XCTUnwrap(sent.last?.t) + doneAfter, stale: 3)
        XCTAssertLessThan(error(measured, expected), 0.01, "silent: energy within 1 %")
        report.withLock {
            $0.append(
                "washer-silent.txt: energy \(measured) Wh against \(expected) Wh (3 s of the 7 s silence counted)")
        }
    }

    func test_fivePlugsThatReportBadlyReplayedSideBySide() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/usr/sbin/mosquitto"), "needs mosquitto")
        let report = Locked<[String]>([])
        let scenarios: [@Sendable (Locked<[String]>) throws -> Void] = [
            Self.everySecond, Self.onChange, Self.antiCrease, Self.delayStart, Self.silent,
        ]
        let group = DispatchGroup()
        for scenario in scenarios {
            group.enter()
            Thread.detachNewThread {
                do { try scenario(report) } catch { XCTFail("\(error)") }
                group.leave()
            }
        }
        group.wait()
        for line in report.withLock({ $0 }).sorted() { print("plug trace " + line) }
    }
}
