import Foundation
import LaundryTestSupport
import XCTest

/// Plugs that report badly, replayed on a real Mosquitto in real time but compressed
/// (Tests/Fixtures/power): the energy the daemon measured against the integral this test computes
/// from what was sent, each end against the trace's own, and no false start or end.
// Its watchers run on threads of their own; each reads only the home and the thread-safe recorders.
final class PlugTraceEndToEndTests: BrokerTestCase, @unchecked Sendable {
    private static let fixtures = SourceTree.root + "/Tests/Fixtures/power/"
    private let doneAfter = 2.0

    private func configure(_ appliance: String, topic: String, extra: String = "", price: String = "") throws {
        let plug = #"{"powerTopic": "\#(topic)", "doneAfterSeconds": \#(doneAfter)\#(extra)}"#
        try home.writeConfig(
            #"{"sound": false, "headsUpMinutes": 0, "# + broker.settings() + price
                + #", "appliances": {"\#(appliance)": \#(plug)}}"#)
        home.ok("daemon", "start")
        XCTAssertTrue(waitUntil(8) { self.log.contains("mqtt: bridging") }, log)
    }

    /// What the replay sent, with when.
    private func replayed(_ topic: String, _ file: String, until seconds: Double) -> [(t: Double, watts: Double)] {
        let replay = broker.replay(topic, file: Self.fixtures + file)
        let count = ((try? String(contentsOfFile: Self.fixtures + file, encoding: .utf8)) ?? "")
            .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.count
        XCTAssertTrue(waitUntil(seconds) { replay.outputSoFar.split(separator: "\n").count >= count }, "the replay ran")
        let output = replay.outputSoFar
        _ = replay.wait()
        return output.split(separator: "\n").compactMap {
            let json = (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            guard let t = json?["t"] as? Double, let watts = json?["watts"] as? Double else { return nil }
            return (t, watts)
        }
    }

    /// The energy of a run as laundry defines it, computed here from what was sent: from the first
    /// reading above the running threshold, a straight line to a reading at most 5 s later, else the
    /// earlier reading held (for at most `stale` seconds), to the stop.
    private func integral(_ sent: [(t: Double, watts: Double)], stop: Double, stale: Double = 600) -> Double {
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

    /// When the stage first read `stage`, polled while `body` runs on another thread.
    private func firstTime(_ name: String, is stage: String, within seconds: Double) -> Double? {
        var seen: Double?
        _ = waitUntil(seconds, every: 0.1) {
            if self.home.pet(name)["stage"] as? String == stage { seen = Date().timeIntervalSince1970 }
            return seen != nil
        }
        return seen
    }

    private func load(_ name: String) throws -> [String: Any] {
        try XCTUnwrap((home.json("loads", name) as? [[String: Any]])?.first)
    }

    /// Replays `file` on a washer's plug while the pet's wash runs: when the load ended against the
    /// last drop, and the energy measured against this test's integral.
    private func washThrough(
        _ file: String, topic: String, label: String, stale: Double = 600
    ) throws -> (name: String, measured: Double, sent: [(t: Double, watts: Double)]) {
        let name = "\(label) \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "1h")
        let ended = Locked<Double?>(nil)
        let watcher = Thread { ended.withLock { $0 = self.firstTime(name, is: "washed", within: 45) } }
        watcher.start()
        let sent = replayed(topic, file, until: 30)
        XCTAssertTrue(waitUntil(10) { ended.withLock { $0 } != nil }, "the load ended: \(log)")
        // The drop: the first reading under doneBelowWatts after which none rose again.
        let lastHigh = try XCTUnwrap(sent.lastIndex { $0.watts >= 5 })
        let lastDrop = sent[lastHigh + 1].t
        let delay = try XCTUnwrap(ended.withLock { $0 }) - lastDrop
        XCTAssertGreaterThanOrEqual(delay, doneAfter - 0.1, "not before the quiet lasted doneAfterSeconds")
        XCTAssertLessThan(delay, doneAfter + 5, "within doneAfterSeconds + 5 s of the last drop")
        XCTAssertTrue(waitUntil(3) { (try? self.load(name))?["washEnergyWh"] != nil }, log)
        let measured = try XCTUnwrap(try load(name)["washEnergyWh"] as? Double)
        let expected = integral(sent, stop: lastDrop + doneAfter, stale: stale)
        let error = abs(measured - expected) / expected
        print(
            "plug trace (\(file)): ended \(Int(delay * 1000)) ms after the last drop (doneAfterSeconds 2); "
                + "energy \(measured) Wh against \(expected) Wh, error \(String(format: "%.3f", error * 100)) %")
        XCTAssertLessThan(error, 0.01, "energy within 1 %")
        return (name, measured, sent)
    }

    func test_aPlugThatPublishesEverySecondEndsTheLoadAfterItsTailWithItsEnergy() throws {
        let topic = "shellies/washer/relay/0/power"
        try configure("washer", topic: topic)
        let (name, _, _) = try washThrough("washer-cotton-40.txt", topic: topic, label: "Second")
        XCTAssertNil(try load(name)["cost"], "no price, no cost")
    }

    func test_aPlugThatPublishesOnlyOnChangeEndsTheLoadOnTimeAndHoldsEachReading() throws {
        let topic = "tele/washer/SENSOR"
        try configure("washer", topic: topic, price: #", "price": {"perKWh": 0.32, "currency": "EUR"}"#)
        let discovery = try broker.collect("homeassistant/sensor/+/energy/config")
        let (name, measured, _) = try washThrough("washer-on-change.txt", topic: topic, label: "Change")
        let cost = try XCTUnwrap(try load(name)["cost"] as? Double)
        XCTAssertEqual(cost, measured / 1000 * 0.32, accuracy: 1e-9)
        XCTAssertEqual(try load(name)["currency"] as? String, "EUR")
        // Home Assistant's energy sensor: discovered for the Energy dashboard, its state the total.
        let node = "laundry_" + (try XCTUnwrap(home.pet(name)["id"] as? String)).replacingOccurrences(of: "-", with: "")
        XCTAssertTrue(waitUntil(3) { !discovery.on("homeassistant/sensor/\(node)/energy/config").isEmpty }, log)
        let config = try XCTUnwrap(discovery.on("homeassistant/sensor/\(node)/energy/config").last?.json)
        XCTAssertEqual(config["device_class"] as? String, "energy")
        XCTAssertEqual(config["state_class"] as? String, "total_increasing")
        XCTAssertEqual(config["unit_of_measurement"] as? String, "Wh")
        let stateTopic = try XCTUnwrap(config["state_topic"] as? String)
        let state = try broker.collect(stateTopic)
        XCTAssertTrue(
            waitUntil(3) {
                (state.messages.last?.json?["energy_wh"] as? Double).map { abs($0 - measured) < 1e-9 } ?? false
            }, "\(state.messages.last?.payload ?? "nothing")")
    }

    func test_anAntiCreaseTailKeepsTheDryerLoadEndedAndShowsStillTumbling() throws {
        let topic = "shellies/dryer/relay/0/power"
        try configure("dryer", topic: topic, extra: #", "newLoadAfterSeconds": 4"#)
        let name = "Tumble \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "1s")
        XCTAssertTrue(waitUntil(5) { self.home.pet(name)["stage"] as? String == "washed" })
        home.ok("dry", name, "--for", "1h")
        let cards = Locked<[String]>([])
        let done = Locked(false)
        let watcher = Thread {
            _ = waitUntil(40, every: 0.2) {
                let card = self.home.run(["status", name]).stdout
                cards.withLock { $0.append(card) }
                return done.withLock { $0 }
            }
        }
        watcher.start()
        let sent = replayed(topic, "dryer-anti-crease.txt", until: 30)
        done.withLock { $0 = true }
        Thread.sleep(forTimeInterval: 0.3)
        let cardsSeen = cards.withLock { $0 }
        XCTAssertEqual(home.pet(name)["stage"] as? String, "dried", "the tail did not reopen it")
        XCTAssertTrue(cardsSeen.contains { $0.contains("done, still tumbling") }, cardsSeen.last ?? "")
        XCTAssertEqual(log.components(separatedBy: "the dryer started").count - 1, 1, "one start, no other: \(log)")
        XCTAssertFalse(log.contains("Whose load"), log)
        let firstDrop = try XCTUnwrap(sent.first { $0.watts < 5 && $0.t > sent[1].t }?.t)
        let measured = try XCTUnwrap(try load(name)["dryEnergyWh"] as? Double)
        let expected = integral(Array(sent.prefix { $0.t <= firstDrop }), stop: firstDrop + doneAfter)
        print("plug trace (anti-crease): energy \(measured) Wh against \(expected) Wh")
        XCTAssertLessThan(abs(measured - expected) / expected, 0.01)
    }

    func test_aDelayStartStandbyStartsNoLoadAndTheCycleAfterItEnds() throws {
        let topic = "shellies/washer/relay/0/power"
        try configure("washer", topic: topic)
        let sent = replayed(topic, "washer-delay-start.txt", until: 25)
        let started = try XCTUnwrap(sent.first { $0.watts > 10 }?.t)
        XCTAssertTrue(waitUntil(5) { self.log.contains("the washer stopped") }, log)
        // The only start is the cycle's, at its first reading: the standby's 4 W started nothing.
        XCTAssertEqual(log.components(separatedBy: "the washer started").count - 1, 1, log)
        XCTAssertTrue(log.contains("the washer started (2100 W)"), log)
        XCTAssertGreaterThan(started, sent[0].t + 9, "the trace's standby came first")
    }

    func test_aPlugSilentMidCycleIsReportedOnceAndEndsNothing() throws {
        let topic = "shellies/washer/relay/0/power"
        try configure("washer", topic: topic, extra: #", "staleAfterSeconds": 3"#)
        let name = "Silent \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "1h")
        let replay = broker.replay(topic, file: Self.fixtures + "washer-silent.txt")
        XCTAssertTrue(waitUntil(9) { self.log.contains("plug has said nothing") }, log)
        let doctor = home.run(["doctor"]).stdout
        XCTAssertTrue(doctor.contains("washer's plug has said nothing"), doctor)
        XCTAssertEqual(home.pet(name)["stage"] as? String, "washing", "silence ends nothing")
        XCTAssertTrue(waitUntil(8) { self.log.contains("plug speaks again") }, log)
        XCTAssertTrue(waitUntil(5) { replay.outputSoFar.split(separator: "\n").count >= 7 }, "the replay ran")
        let output = replay.outputSoFar
        _ = replay.wait()
        let sent = output.split(separator: "\n").compactMap { line -> (t: Double, watts: Double)? in
            let json = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            guard let t = json?["t"] as? Double, let watts = json?["watts"] as? Double else { return nil }
            return (t, watts)
        }
        XCTAssertTrue(waitUntil(6) { self.home.pet(name)["stage"] as? String == "washed" }, log)
        XCTAssertEqual(log.components(separatedBy: "plug has said nothing").count - 1, 1, "reported once")
        let lastDrop = try XCTUnwrap(sent.last?.t)
        XCTAssertTrue(waitUntil(3) { (try? self.load(name))?["washEnergyWh"] != nil }, log)
        let measured = try XCTUnwrap(try load(name)["washEnergyWh"] as? Double)
        let expected = integral(sent, stop: lastDrop + doneAfter, stale: 3)
        print("plug trace (silent): energy \(measured) Wh against \(expected) Wh (3 s of the 7 s silence counted)")
        XCTAssertLessThan(abs(measured - expected) / expected, 0.01)
    }
}
