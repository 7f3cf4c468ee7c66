import Foundation
import LaundryTestSupport
import XCTest

/// The pets in Home Assistant for real: the daemon against a Mosquitto broker on loopback, paho
/// playing Home Assistant (reading discovery, pressing buttons) and the smart plug.
final class HomeAssistantEndToEndTests: BrokerTestCase {

    private func configure(_ extra: String = "") throws {
        try home.writeConfig(#"{"sound": false, "headsUpMinutes": 0, "# + broker.settings() + extra + "}")
    }

    private func startDaemon(waitingForBridge: Bool = true) throws {
        home.ok("daemon", "start")
        if waitingForBridge {
            XCTAssertTrue(waitUntil(8) { self.bridging }, log)
        }
    }

    /// daemon.json's word for this machine's part in bridging: `bridging`, `quiet`, `connecting` or `down`.
    private func brokerRole(of home: LaundryHome) -> String? {
        (home.daemonStatus["broker"] as? [String: Any])?["role"] as? String
    }

    private func id(_ name: String) throws -> String { try XCTUnwrap(home.pet(name)["id"] as? String) }

    func test_eachPetIsADeviceWithRetainedDiscoveryThatComesAgainWhenHomeAssistantIsOnline() throws {
        try configure()
        let name = "Socks \(marker)"
        home.ok("adopt", name)
        try startDaemon()
        let pet = try id(name)
        let node = "laundry_" + pet.replacingOccurrences(of: "-", with: "")
        // Home Assistant starting after the daemon: it reads what the broker retained.
        let ha = try broker.collect("homeassistant/#", "laundry/#")
        // The broker sends what it retained one subscription after the other: the pet's own topics
        // may come a moment after the configs.
        XCTAssertTrue(
            waitUntil(5) {
                ha.messages.filter { $0.topic.hasSuffix("/config") }.count >= 14
                    && !ha.on("laundry/\(pet)/state").isEmpty
                    && ha.messages.contains { $0.topic.hasPrefix("laundry/availability/") }
            })
        let configs = ha.messages.filter { $0.topic.hasPrefix("homeassistant/") && $0.topic.hasSuffix("/config") }
        XCTAssertTrue(configs.allSatisfy(\.retained), "discovery is retained")
        let objects = Set(configs.map { $0.topic.split(separator: "/")[3] })
        XCTAssertEqual(
            objects,
            [
                "stage", "finishes_at", "snoozed_until", "running", "health", "event", "dry", "air_dry", "fold",
                "more_dry", "snooze", "got_it", "extend", "finish",
            ])
        let payloads = configs.compactMap(\.json)
        XCTAssertEqual(payloads.count, configs.count, "every config is JSON")
        XCTAssertEqual(Set(payloads.compactMap { $0["unique_id"] as? String }).count, configs.count, "unique ids")
        for (message, payload) in zip(configs, payloads) {
            XCTAssertTrue(message.topic.contains("/\(node)/"), message.topic)
            let device = try XCTUnwrap(payload["device"] as? [String: Any])
            XCTAssertEqual(device["identifiers"] as? [String], [node], "one device per pet")
            XCTAssertEqual(device["name"] as? String, name)
            XCTAssertNotNil(payload["name"] as? String)
            // The daemon's own availability (its Last Will), alone or first of two.
            let availability = try XCTUnwrap(
                payload["availability_topic"] as? String
                    ?? (payload["availability"] as? [[String: Any]])?.first?["topic"] as? String)
            XCTAssertEqual(ha.on(availability).last?.payload, "online", "the availability topic exists and says online")
            // An event is not retained; a timestamp topic has a time only while there is one.
            let unretained = ["/event", "/finishes_at", "/snoozed_until"]
            if let state = payload["state_topic"] as? String, !unretained.contains(where: state.hasSuffix) {
                XCTAssertFalse(ha.on(state).isEmpty, "state topic \(state) has a retained state")
            }
            if let command = payload["command_topic"] as? String {
                XCTAssertEqual(command, "laundry/\(pet)/press")
                XCTAssertNotNil(payload["payload_press"] as? String)
            }
        }
        let stage = try XCTUnwrap(payloads.first { ($0["unique_id"] as? String)?.hasSuffix("_stage") == true })
        XCTAssertEqual(stage["device_class"] as? String, "enum")
        XCTAssertEqual(stage["options"] as? [String], ["idle", "washing", "washed", "drying", "dried", "paused"])
        let event = try XCTUnwrap(payloads.first { ($0["unique_id"] as? String)?.hasSuffix("_event") == true })
        XCTAssertEqual(
            event["event_types"] as? [String],
            ["finished", "acknowledged", "reminder", "warning", "refused", "stopped"])
        // Home Assistant restarts: it says online, and every config comes again.
        let before = ha.messages.count
        broker.publish("homeassistant/status", "online")
        XCTAssertTrue(
            waitUntil(3) { ha.messages.dropFirst(before).filter { $0.topic.hasSuffix("/config") }.count >= 14 }, log)
    }

    func test_aWashReachesTheStateTopicWithinASecondAndTheEventWhenItEnds() throws {
        try configure()
        let name = "Towels \(marker)"
        home.ok("adopt", name)
        try startDaemon()
        let pet = try id(name)
        let ha = try broker.collect("laundry/\(pet)/#")
        XCTAssertTrue(waitUntil(3) { ha.on("laundry/\(pet)/state").last?.json?["stage"] as? String == "idle" })
        let sent = Date().timeIntervalSince1970
        home.ok("wash", name, "--for", "3s")
        let washing = { ha.on("laundry/\(pet)/state").first { $0.json?["stage"] as? String == "washing" } }
        XCTAssertTrue(waitUntil(3) { washing() != nil }, log)
        let state = try XCTUnwrap(washing())
        let latency = state.time - sent
        print("home-assistant: file change → state topic \(Int(latency * 1000)) ms (command start to message)")
        XCTAssertLessThan(latency, 1.0, "within a second of the change")
        XCTAssertEqual(state.json?["running"] as? Bool, true)
        XCTAssertNotNil(state.json?["finishes_at"] as? String)
        XCTAssertTrue(waitUntil(6) { ha.on("laundry/\(pet)/event").contains { $0.payload.contains("finished") } }, log)
        XCTAssertTrue(waitUntil(2) { ha.on("laundry/\(pet)/state").last?.json?["stage"] as? String == "washed" })
        XCTAssertEqual(ha.on("laundry/\(pet)/state").last?.json?["running"] as? Bool, false)
    }

    func test_aButtonPressedInHomeAssistantDoesWhatThePopupsButtonDoes() throws {
        try configure()
        let name = "Shirts \(marker)"
        home.ok("adopt", name)
        try startDaemon()
        let pet = try id(name)
        let events = try broker.collect("laundry/\(pet)/event", "laundry/\(pet)/state")
        home.ok("wash", name, "--for", "1s")
        XCTAssertTrue(waitUntil(5) { self.home.pet(name)["stage"] as? String == "washed" })
        // A press left retained on the broker is never acted on.
        broker.publish("laundry/\(pet)/press", "fold", retained: true)
        XCTAssertTrue(waitUntil(3) { self.logged(["surface": "mqtt", "press": "retained", "petId": pet]) == 1 }, log)
        XCTAssertEqual(home.pet(name)["stage"] as? String, "washed")
        broker.publish("laundry/\(pet)/press", "", retained: true)
        let pressed = Date()
        broker.publish("laundry/\(pet)/press", "dry")
        XCTAssertTrue(waitUntil(3) { self.home.pet(name)["stage"] as? String == "drying" }, log)
        print(
            "home-assistant: button press → pet drying seen by `status` in "
                + "\(Int(Date().timeIntervalSince(pressed) * 1000)) ms"
        )
        // The daemon logs the press once its change is written: the stage above can be read a moment before.
        let pressedFact = ["surface": "button", "button": "dry", "pet": name, "stage": "drying"]
        XCTAssertTrue(waitUntil(5) { self.logged(pressedFact) == 1 }, log)
        let history = home.historyEvents(name)
        XCTAssertEqual(history.filter { $0 == "dryStarted" }.count, 1, "\(history)")
        // One press, one acknowledgement: not a second one when the daemon reads its own write. A
        // pause after it, seen on the same connection, shows that read is behind it.
        home.ok("pause", name)
        XCTAssertTrue(
            waitUntil(3) { events.on("laundry/\(pet)/state").last?.json?["paused"] as? Bool == true }, log)
        let types = events.on("laundry/\(pet)/event").compactMap { $0.json?["event_type"] as? String }
        XCTAssertEqual(types, ["finished", "acknowledged"], "\(types)")
        // Who pressed: Home Assistant, unless the press names the person.
        let started = try XCTUnwrap(
            (home.json("history", name) as? [[String: Any]])?.first { $0["event"] as? String == "dryStarted" })
        XCTAssertEqual(started["by"] as? String, "Home Assistant")
        home.ok("resume", name)
        broker.publish("laundry/\(pet)/press", #"{"press": "finish", "by": "Ana"}"#)
        XCTAssertTrue(waitUntil(3) { self.home.pet(name)["stage"] as? String == "dried" }, log)
        let finished = (home.json("history", name) as? [[String: Any]])?.first {
            $0["event"] as? String == "finishedEarly"
        }
        XCTAssertEqual(finished?["by"] as? String, "Ana", "the person the press named")
    }

    func test_theLastWillMarksEveryEntityUnavailableWhenTheDaemonIsKilled() throws {
        try configure()
        home.ok("adopt", "Will \(marker)")
        try startDaemon()
        let device = try XCTUnwrap(home.device)
        let ha = try broker.collect("laundry/availability/#")
        XCTAssertTrue(waitUntil(3) { ha.on("laundry/availability/\(device)").last?.payload == "online" })
        let pid = try XCTUnwrap(home.daemonPID)
        let killed = Date().timeIntervalSince1970
        kill(pid, SIGKILL)
        XCTAssertTrue(waitUntil(5) { ha.on("laundry/availability/\(device)").last?.payload == "offline" }, broker.log)
        let offline = try XCTUnwrap(ha.on("laundry/availability/\(device)").last)
        print("home-assistant: kill -9 → offline in \(Int((offline.time - killed) * 1000)) ms")
    }

    func test_aReleasedPetsDeviceIsRemoved() throws {
        try configure()
        let name = "Gone \(marker)"
        home.ok("adopt", name)
        try startDaemon()
        let pet = try id(name)
        let node = "laundry_" + pet.replacingOccurrences(of: "-", with: "")
        let ha = try broker.collect("homeassistant/+/\(node)/+/config")
        let states = try broker.collect("laundry/\(pet)/+")
        XCTAssertTrue(waitUntil(3) { ha.messages.count >= 14 })
        home.ok("release", name, "--yes")
        XCTAssertTrue(waitUntil(3) { ha.messages.filter { $0.payload.isEmpty }.count >= 14 }, log)
        let removed = Date()
        // The state is cleared once Home Assistant has removed the entities that read it.
        XCTAssertTrue(waitUntil(5) { states.on("laundry/\(pet)/state").last?.payload == "" }, log)
        XCTAssertGreaterThan(Date().timeIntervalSince(removed), 1.5, "not with the configs")
        let after = try broker.collect("homeassistant/+/\(node)/+/config", "laundry/\(pet)/+")
        // Retained messages come first on subscribing: a message published after them marks their end.
        let probe = "homeassistant/sensor/\(node)/probe/config"
        broker.publish(probe, "probe")
        XCTAssertTrue(waitUntil(3) { !after.on(probe).isEmpty })
        XCTAssertEqual(
            after.messages.map(\.topic), [probe], "nothing of the pet is left retained: \(after.messages.map(\.topic))")
    }

    func test_aSecondMachineBridgingTheSameHouseholdStaysQuiet() throws {
        try configure()
        home.ok("adopt", "First \(marker)")
        try startDaemon()
        let other = LaundryHome()
        try other.allowDaemon()
        other.logsJSON()
        try other.writeConfig(#"{"sound": false, "# + broker.settings() + "}")
        other.ok("adopt", "Second \(marker)")
        other.ok("daemon", "start")
        defer { other.run(["daemon", "stop"]) }
        XCTAssertTrue(
            waitUntil(5) { other.daemonEvents(["surface": "mqtt", "event": "quiet"]).count == 1 }, other.daemonLog)
        XCTAssertTrue(waitUntil(3) { self.brokerRole(of: other) == "quiet" }, "\(other.daemonStatus)")
        // The first stops: the second takes over.
        home.ok("daemon", "stop")
        XCTAssertTrue(
            waitUntil(5) { other.daemonEvents(["surface": "mqtt", "event": "bridging"]).count == 1 }, other.daemonLog)
        XCTAssertEqual(other.daemonEvents(["surface": "mqtt", "event": "takeOver", "because": "stopped"]).count, 1)
    }

    func test_aBrokerThatIsDownThenUpIsJoinedWithoutARestart() throws {
        broker.stop()
        try configure()
        home.ok("adopt", "Patient \(marker)")
        try startDaemon(waitingForBridge: false)
        let down = ["surface": "mqtt", "event": "down", "problem": "unreachable"]
        XCTAssertTrue(waitUntil(5) { self.logged(down) == 1 }, log)
        // daemon.json, which doctor and `daemon status` word, says why.
        XCTAssertTrue(waitUntil(3) { self.brokerRole(of: self.home) == "down" }, "\(home.daemonStatus)")
        let problem = (home.daemonStatus["broker"] as? [String: Any])?["problem"] as? [String: Any]
        XCTAssertNotNil(problem?["unreachable"], "\(home.daemonStatus)")
        home.ok("wash", "Patient \(marker)", "--for", "1s")
        XCTAssertTrue(
            waitUntil(5) { NotifyLog.calls(mentioning: self.marker).count == 1 },
            "notifications never wait on the broker")
        try broker.start()
        XCTAssertTrue(waitUntil(70) { self.bridging }, log)
        XCTAssertEqual(logged(down), 1, "one log line, not one per try: \(log)")
        XCTAssertTrue(waitUntil(3) { self.brokerRole(of: self.home) == "bridging" }, "\(home.daemonStatus)")
    }

    func test_hostilePayloadsAreLoggedOnceAndChangeNothing() throws {
        try configure(#", "appliances": {"washer": {"powerTopic": "plug/washer", "powerField": "ENERGY.Power"}}"#)
        let name = "Calm \(marker)"
        home.ok("adopt", name)
        try startDaemon()
        let pet = try id(name)
        let before = home.pet(name)
        broker.publish("laundry/\(UUID().uuidString.lowercased())/press", "dry")
        broker.publish("laundry/not-a-uuid/press", "dry")
        broker.publish("laundry/\(pet)/press", "explode")
        broker.publish("laundry/\(pet)/press", String(repeating: "x", count: 300_000))
        for _ in 0..<3 { broker.publish("plug/washer", "{\"ENERGY\": {\"Power\": \"lots\"}}") }
        broker.publish("plug/washer", String(repeating: "9", count: 100_000))
        broker.publish("plug/washer", "{not json")
        // A press after all of them, logged once they have been read: the daemon reads in order.
        broker.publish("laundry/\(pet)/press", "probe")
        XCTAssertTrue(waitUntil(3) { self.logged(["press": "unknownButton", "button": "probe"]) == 1 }, log)
        let unreadable = ["surface": "appliance", "event": "unreadable", "appliance": "washer"]
        XCTAssertEqual(logged(unreadable.merging(["problem": "fieldMissing"]) { $1 }), 1, "logged once: \(log)")
        XCTAssertEqual(logged(["surface": "mqtt", "press": "unknownPet"]), 2, "a stranger's id and no id: \(log)")
        XCTAssertEqual(logged(["press": "unknownButton", "button": "explode"]), 1, log)
        XCTAssertEqual(logged(["surface": "button"]), 0, "no press reached a pet: \(log)")
        XCTAssertNotNil(home.daemonPID, "still running")
        XCTAssertEqual(home.pet(name)["stage"] as? String, before["stage"] as? String)
        XCTAssertEqual(home.historyEvents(name), ["adopted"])
    }

    func test_aPasswordInTheClearOrAFileOthersCanReadIsAWarningInTheLogAndDoctor() throws {
        let password = home.path + "/mqtt-password"
        try "secret\n".write(toFile: password, atomically: true, encoding: .utf8)
        chmod(password, 0o644)
        try home.writeConfig(
            #"{"sound": false, "# + broker.settings(extra: #", "username": "laundry", "passwordFile": "\#(password)""#)
                + "}")
        home.ok("adopt", "Secret \(marker)")
        try startDaemon()
        let unsafe = ["surface": "mqtt", "event": "unsafe", "level": "warning"]
        XCTAssertEqual(logged(unsafe.merging(["warning": "passwordInClear"]) { $1 }), 1, log)
        XCTAssertEqual(logged(unsafe.merging(["warning": "readableByOthers", "path": password]) { $1 }), 1, log)
        let doctor = home.run(["doctor"]).stdout
        XCTAssertTrue(doctor.contains("unencrypted"), doctor)
        XCTAssertTrue(doctor.contains("chmod 600 \(password)"), doctor)
        XCTAssertTrue(doctor.contains("the pets are on mqtt://127.0.0.1:\(broker.port) for Home Assistant"), doctor)
    }
}
