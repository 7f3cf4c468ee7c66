import Foundation
import LaundryCore
import LaundryDaemon
import XCTest

/// The bridge's decisions without a broker: what it sends, what it acts on, when it stays quiet.
final class HomeBridgeTests: XCTestCase {
    private final class RecordingLink: BrokerLink {
        var sent: [(topic: String, payload: String, retained: Bool)] = []
        var subscriptions: [(String, Bool)] = []
        func publish(_ topic: String, _ payload: [UInt8], retained: Bool) {
            sent.append((topic, String(decoding: payload, as: UTF8.self), retained))
        }
        func subscribe(_ pattern: String, retainAsPublished: Bool) {
            subscriptions.append((pattern, retainAsPublished))
        }
        func on(_ topic: String) -> [String] { sent.filter { $0.topic == topic }.map(\.payload) }
    }

    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let link = RecordingLink()
    private let log = RecordedLog()
    private var lines: [String] { log.lines }
    private var presses: [(UUID, String, Person)] = []
    private lazy var bridge: HomeBridge = {
        var settings = BrokerSettings(host: "h", port: 1883, usesTLS: false)
        settings.topicPrefix = "laundry"
        let bridge = HomeBridge(
            topics: HomeTopics(settings, device: "bbbb"), link: link, host: "here", version: "0.1.0",
            logger: log.logger)
        bridge.onPress = { [unowned self] pet, _, key, person in self.presses.append((pet, key, person)) }
        return bridge
    }()

    private func pet(_ name: String) throws -> PetState {
        PetState(
            pet: Pet(
                name: try PetName(name),
                kind: Kind(
                    id: "clothes", name: "Clothes", emoji: "👕", washSeconds: 2700, drySeconds: 3600, cycleDays: 7),
                createdAt: now))
    }

    private func message(_ topic: String, _ payload: String, retained: Bool = false) {
        bridge.handle(.message(topic: topic, payload: Array(payload.utf8), retained: retained))
    }

    /// Every entity but the energy sensor, which only a household with a plug gets, and the best
    /// start, which only one with a tariff or a price topic gets.
    private let unmetered = HomeDevice.objects.filter { $0.object != "energy" && $0.object != HomeDevice.bestStart }
        .count

    /// With prices that change, each pet has a "best start" timestamp sensor, unavailable while no
    /// start fits; the plan's other times and costs are its attributes.
    func test_theBestStartIsATimestampSensorWithThePlanAsAttributes() throws {
        let socks = try pet("Socks")
        bridge.plans = [:]
        bridge.planFinishBy = TimeOfDay("07:00")
        bridge.currency = "EUR"
        bridge.handle(.connected)
        bridge.claimTimeUp(pets: [socks], at: now)
        let node = HomeTopics.node(socks.pet.id)
        let config = try XCTUnwrap(link.on("homeassistant/sensor/laundry_\(node)/best_start/config").last)
        XCTAssertTrue(config.contains(#""device_class":"timestamp""#), config)
        let id = socks.pet.id.lowercasedText
        XCTAssertTrue(try XCTUnwrap(link.on("laundry/\(id)/state").last).contains(#""best_start":null"#))
        let plan = LoadPlan(
            washStartsAt: now + 3600, dryStartsAt: now + 7200, endsAt: now + 10_800, cost: 0.5, costIfStartedNow: 0.9,
            washWattHours: 800, dryWattHours: 2000)
        bridge.plans = [socks.pet.id: plan]
        bridge.publish([socks], at: now)
        let state = try XCTUnwrap(link.on("laundry/\(id)/state").last)
        for part in [
            #""cost":0.5"#, #""cost_if_started_now":0.9"#, #""finish_by":"07:00""#, #""currency":"EUR""#,
            #""unmeasured":[]"#,
        ] {
            XCTAssertTrue(state.contains(part), state)
        }
        XCTAssertEqual(link.on("laundry/\(id)/best_start").last, Timestamp.formatSeconds(now + 3600))
    }

    /// A metered washer and no figure for the dryer: the sensor still gives the best start, its cost is the wash's, and
    /// the attributes name the dryer's stage as left out of it, as `laundry plan --json` does.
    func test_theBestStartOfAPartlyMeasuredLoadNamesTheStageItsCostLeavesOut() throws {
        let socks = try pet("Socks")
        bridge.planFinishBy = TimeOfDay("07:00")
        bridge.currency = "EUR"
        bridge.handle(.connected)
        bridge.claimTimeUp(pets: [socks], at: now)
        bridge.plans = [
            socks.pet.id: LoadPlan(
                washStartsAt: now + 3600, dryStartsAt: now + 7200, endsAt: now + 10_800, cost: 0.2,
                costIfStartedNow: 0.3, washWattHours: 500, dryWattHours: nil)
        ]
        bridge.publish([socks], at: now)
        let id = socks.pet.id.lowercasedText
        let state = try XCTUnwrap(link.on("laundry/\(id)/state").last)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])
        let attributes = try XCTUnwrap(json["plan"] as? [String: Any])
        XCTAssertEqual(attributes["cost"] as? Double, 0.2)
        XCTAssertEqual(attributes["cost_if_started_now"] as? Double, 0.3)
        XCTAssertEqual(attributes["unmeasured"] as? [String], ["dry"])
        XCTAssertEqual(link.on("laundry/\(id)/best_start").last, Timestamp.formatSeconds(now + 3600))
    }

    func test_aPlugsEnergyIsASensorForTheEnergyDashboardUnavailableWhileAPlugIsSilent() throws {
        let socks = try pet("Socks")
        bridge.energyWh = [socks.pet.id: 812.5]
        bridge.handle(.connected)
        bridge.claimTimeUp(pets: [socks], at: now)
        XCTAssertEqual(
            link.sent.filter { $0.topic.hasSuffix("/config") && !$0.payload.isEmpty }.count, unmetered + 1, "and energy"
        )
        let node = HomeTopics.node(socks.pet.id)
        let config = try XCTUnwrap(link.on("homeassistant/sensor/laundry_\(node)/energy/config").last)
        for part in [#""device_class":"energy""#, #""state_class":"total_increasing""#, #""unit_of_measurement":"Wh""#]
        {
            XCTAssertTrue(config.contains(part), config)
        }
        XCTAssertTrue(config.contains("not value_json.plugs_silent"), config)
        let state = { self.link.on("laundry/\(socks.pet.id.lowercasedText)/state").last ?? "" }
        XCTAssertTrue(state().contains(#""energy_wh":812.5"#), state())
        XCTAssertTrue(state().contains(#""plugs_silent":false"#), state())
        bridge.plugsSilent = [.washer]
        bridge.publish([socks], at: now)
        XCTAssertTrue(state().contains(#""plugs_silent":true"#), state())
    }

    func test_withNoOtherMachineItBridgesAndSendsEachStateOnlyWhenItChanges() throws {
        let socks = try pet("Socks")
        bridge.handle(.connected)
        XCTAssertTrue(link.subscriptions.contains { $0 == ("laundry/+/press", true) }, "presses keep their retain flag")
        bridge.claimTimeUp(pets: [socks], at: now)
        XCTAssertEqual(bridge.role, .bridging)
        XCTAssertEqual(link.on("laundry/availability/bbbb"), ["online"])
        XCTAssertEqual(link.sent.filter { $0.topic.hasSuffix("/config") && !$0.payload.isEmpty }.count, unmetered)
        let node = HomeTopics.node(socks.pet.id)
        XCTAssertEqual(
            link.on("homeassistant/sensor/laundry_\(node)/best_start/config"), [""],
            "a sensor a former set-up offered is removed")
        XCTAssertEqual(link.on("laundry/\(socks.pet.id.lowercasedText)/state").count, 1)
        bridge.publish([socks], at: now)
        XCTAssertEqual(link.on("laundry/\(socks.pet.id.lowercasedText)/state").count, 1, "unchanged: not sent again")
        var washing = socks
        washing.pet.cycle.stage = .washing
        bridge.publish([washing], at: now)
        XCTAssertEqual(link.on("laundry/\(socks.pet.id.lowercasedText)/state").count, 2)
        XCTAssertTrue(link.on("laundry/bridge").last?.contains(socks.pet.id.lowercasedText) == true)
    }

    func test_anotherMachinesMarkerWhileItIsOnlineKeepsThisOneQuietUntilItGoesOffline() throws {
        let socks = try pet("Socks")
        bridge.handle(.connected)
        message("laundry/bridge", #"{"device": "aaaa", "host": "kitchen", "pets": []}"#, retained: true)
        message("laundry/availability/aaaa", "online", retained: true)
        bridge.claimTimeUp(pets: [socks], at: now)
        XCTAssertEqual(bridge.role, .quiet(device: "aaaa", host: "kitchen"))
        XCTAssertTrue(link.sent.isEmpty, "a quiet machine sends nothing")
        message("laundry/\(socks.pet.id.lowercasedText)/press", "dry")
        XCTAssertTrue(presses.isEmpty, "the bridging machine acts on presses, not this one")
        message("laundry/availability/aaaa", "offline", retained: true)
        bridge.publish([socks], at: now)
        XCTAssertEqual(bridge.role, .bridging, "it takes over")
        XCTAssertEqual(link.sent.filter { $0.topic.hasSuffix("/config") && !$0.payload.isEmpty }.count, unmetered)
    }

    func test_pressesAreActedOnOnlyWhenLiveForAKnownPetAndAKnownButton() throws {
        let socks = try pet("Socks")
        let id = socks.pet.id.lowercasedText
        bridge.handle(.connected)
        bridge.claimTimeUp(pets: [socks], at: now)
        message("laundry/\(id)/press", "fold", retained: true)
        message("laundry/\(id)/press", "fold", retained: true)
        message("laundry/\(UUID().uuidString)/press", "dry")
        message("laundry/\(id)/press", "explode")
        message("laundry/\(id)/press", String(repeating: "x", count: 100_000))
        XCTAssertTrue(presses.isEmpty)
        let retained = ["surface": "mqtt", "event": "ignored", "press": "retained"]
        XCTAssertEqual(log.events(retained).count, 1, "logged once")
        XCTAssertEqual(log.events(["press": "unknownPet"]).count, 1, "\(lines)")
        XCTAssertEqual(log.events(["press": "unknownButton"]).count, 2, "explode, and the too-long one: \(lines)")
        message("laundry/\(UUID().uuidString.lowercased())/press", "", retained: true)
        XCTAssertEqual(log.events(retained).count, 1, "clearing a retained press is not one")
        message("laundry/\(id)/press", "dry")
        message("laundry/\(id)/press", "got-it")
        XCTAssertEqual(presses.map(\.1), ["dry", "default"])
        XCTAssertEqual(presses.first?.0, socks.pet.id)
        XCTAssertEqual(presses.map(\.2), ["Home Assistant", "Home Assistant"], "no one named: Home Assistant")
        // An automation that says who pressed.
        message("laundry/\(id)/press", #"{"press": "fold", "by": "Ana"}"#)
        message("laundry/\(id)/press", #"{"press": "fold", "by": "\#u{202E}evil"}"#)
        message("laundry/\(id)/press", #"{"press": "explode", "by": "Ana"}"#)
        XCTAssertEqual(presses.dropFirst(2).map(\.1), ["fold", "fold"])
        XCTAssertEqual(presses.dropFirst(2).map(\.2), ["Ana", "Home Assistant"], "a name unsafe to show is not one")
    }

    func test_aReleasedPetsEntitiesAreRemovedAndHomeAssistantOnlineSendsEverythingAgain() throws {
        let socks = try pet("Socks")
        let shirts = try pet("Shirts")
        bridge.handle(.connected)
        bridge.claimTimeUp(pets: [socks, shirts], at: now)
        link.sent = []
        bridge.publish([socks], at: now)
        let removed = link.sent.filter {
            $0.topic.contains(HomeTopics.node(shirts.pet.id)) && $0.topic.hasSuffix("/config")
        }
        XCTAssertEqual(removed.count, HomeDevice.objects.count)
        XCTAssertTrue(removed.allSatisfy { $0.payload.isEmpty && $0.retained })
        let shirtsState = "laundry/\(shirts.pet.id.lowercasedText)/state"
        XCTAssertTrue(link.on(shirtsState).isEmpty, "the state stays while Home Assistant removes the entities")
        bridge.publish([socks], at: now.addingTimeInterval(1))
        XCTAssertTrue(link.on(shirtsState).isEmpty, "not yet")
        bridge.publish([socks], at: now.addingTimeInterval(HomeBridge.clearDelay))
        XCTAssertEqual(link.on(shirtsState), [""], "then cleared, once")
        XCTAssertEqual(link.on("laundry/\(shirts.pet.id.lowercasedText)/finishes_at"), [""])
        bridge.publish([socks], at: now.addingTimeInterval(60))
        XCTAssertEqual(link.on(shirtsState), [""])
        let marker = try XCTUnwrap(link.on("laundry/bridge").last, "the marker is sent again at once")
        XCTAssertTrue(marker.contains(socks.pet.id.lowercasedText), marker)
        XCTAssertFalse(marker.contains(shirts.pet.id.lowercasedText), "the released pet left it: \(marker)")
        link.sent = []
        message("homeassistant/status", "online")
        bridge.publish([socks], at: now)
        XCTAssertEqual(link.sent.filter { $0.topic.hasSuffix("/config") && !$0.payload.isEmpty }.count, unmetered)
    }

    /// Home Assistant's timestamp sensor takes whole seconds: a load's end is rounded up, never down.
    func test_finishesAtIsRoundedUpToTheSecond() throws {
        var socks = try pet("Socks")
        let timer = Load(
            petID: socks.pet.id, kind: .wash, startedAt: now, duration: .minutes(45))
        socks.load = timer
        socks.load?.endsAt = now.addingTimeInterval(2700.4)
        socks.pet.cycle.stage = .washing
        let state = HomeDevice.state(of: socks, at: now).bytes
        let text = String(decoding: state, as: UTF8.self)
        XCTAssertTrue(
            text.contains(#""finishes_at":"\#(Timestamp.formatSeconds(now.addingTimeInterval(2701)))""#), text)
    }

    /// What Home Assistant's entities read: the stage says `paused`, a button is there only in the
    /// stages where the popup offers it, and a timestamp topic gets only timestamps.
    func test_theStateSaysWhatIsOfferedAndTimestampTopicsGetOnlyTimes() throws {
        var socks = try pet("Socks")
        let id = socks.pet.id.lowercasedText
        bridge.handle(.connected)
        bridge.claimTimeUp(pets: [socks], at: now)
        XCTAssertTrue(link.on("laundry/\(id)/finishes_at").isEmpty, "no time, nothing sent")
        var state = try XCTUnwrap(json(link.on("laundry/\(id)/state").last))
        XCTAssertEqual(state["buttons"] as? [String], [])
        XCTAssertTrue(state["snoozed_until"] is NSNull)
        socks.load = Load(petID: socks.pet.id, kind: .wash, startedAt: now, duration: .minutes(45))
        socks.pet.cycle.stage = .washing
        bridge.publish([socks], at: now)
        let load = try XCTUnwrap(socks.load?.id.lowercasedText)
        XCTAssertEqual(json(link.on("laundry/\(id)/state").last)?["load_id"] as? String, load, "a phone's tag")
        bridge.event(socks.pet.id, "finished")
        XCTAssertEqual(json(link.on("laundry/\(id)/event").last)?["load_id"] as? String, load, "the event names it")
        XCTAssertEqual(
            link.on("laundry/\(id)/finishes_at"), [Timestamp.formatSeconds(now.addingTimeInterval(2700))])
        socks.load?.pausedRemaining = 600
        socks.load?.pausedAt = now
        bridge.publish([socks], at: now)
        state = try XCTUnwrap(json(link.on("laundry/\(id)/state").last))
        XCTAssertEqual(state["paused"] as? Bool, true)
        XCTAssertTrue(state["finishes_at"] is NSNull)
        XCTAssertEqual(link.on("laundry/\(id)/finishes_at").count, 1, "a paused load sends no time")
        socks.load = nil
        socks.pet.cycle.stage = .washed
        socks.pet.reminders.snoozedUntil = now.addingTimeInterval(600)
        bridge.publish([socks], at: now)
        state = try XCTUnwrap(json(link.on("laundry/\(id)/state").last))
        XCTAssertEqual(state["buttons"] as? [String], ["dry", "air-dry", "snooze", "got-it"])
        XCTAssertEqual(
            link.on("laundry/\(id)/snoozed_until"), [Timestamp.formatSeconds(now.addingTimeInterval(600))])
        socks.pet.cycle.stage = .dried
        bridge.publish([socks], at: now.addingTimeInterval(601))
        state = try XCTUnwrap(json(link.on("laundry/\(id)/state").last))
        XCTAssertEqual(state["buttons"] as? [String], ["fold", "more-dry", "snooze", "got-it"])
        XCTAssertTrue(state["snoozed_until"] is NSNull, "a snooze that is over is none")
        // Every button's config asks the state whether it is offered, with the daemon's own availability.
        let config = try XCTUnwrap(
            json(link.sent.last { $0.topic.hasSuffix("/fold/config") && !$0.payload.isEmpty }?.payload))
        XCTAssertEqual(config["availability_mode"] as? String, "all")
        let availability = try XCTUnwrap(config["availability"] as? [[String: Any]])
        XCTAssertEqual(
            availability.compactMap { $0["topic"] as? String }, ["laundry/availability/bbbb", "laundry/\(id)/state"])
        XCTAssertEqual(
            availability.last?["value_template"] as? String,
            "{{ 'online' if 'fold' in value_json.buttons else 'offline' }}")
        let stage = try XCTUnwrap(
            json(link.sent.last { $0.topic.hasSuffix("/stage/config") && !$0.payload.isEmpty }?.payload))
        XCTAssertEqual(stage["options"] as? [String], ["idle", "washing", "washed", "drying", "dried", "paused"])
    }

    /// A wet load waiting for the household's dryer says so to Home Assistant, with when it frees up.
    func test_aWetLoadSaysWhenTheBusyDryerFreesUp() throws {
        var socks = try pet("Socks")
        var towels = try pet("Towels")
        socks.load = Load(
            petID: socks.pet.id, kind: .wash, startedAt: now.addingTimeInterval(-3600), duration: .minutes(45))
        socks.pet.cycle.stage = .washed
        towels.load = Load(petID: towels.pet.id, kind: .dry, startedAt: now, duration: .minutes(60))
        towels.pet.cycle.stage = .drying
        bridge.handle(.connected)
        bridge.claimTimeUp(pets: [socks, towels], at: now)
        let wet = try XCTUnwrap(json(link.on("laundry/\(socks.pet.id.lowercasedText)/state").last))
        XCTAssertEqual(wet["dryer_busy"] as? Bool, true)
        XCTAssertEqual(wet["dryer_free_at"] as? String, Timestamp.formatSeconds(now.addingTimeInterval(3600)))
        let drying = try XCTUnwrap(json(link.on("laundry/\(towels.pet.id.lowercasedText)/state").last))
        XCTAssertEqual(drying["dryer_busy"] as? Bool, false, "its own load is not a wait")
        XCTAssertTrue(drying["dryer_free_at"] is NSNull)
    }

    func test_aRefusedPressIsAnEventWithItsReason() throws {
        let socks = try pet("Socks")
        bridge.handle(.connected)
        bridge.claimTimeUp(pets: [socks], at: now)
        bridge.refused(socks.pet.id, press: "fold", reason: "cannot fold Socks: it is drying")
        let event = try XCTUnwrap(json(link.on("laundry/\(socks.pet.id.lowercasedText)/event").last))
        XCTAssertEqual(event["event_type"] as? String, "refused")
        XCTAssertEqual(event["button"] as? String, "fold")
        XCTAssertEqual(event["reason"] as? String, "cannot fold Socks: it is drying")
    }

    private func json(_ text: String?) -> [String: Any]? {
        text.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    func test_anEventGoesOutOnlyForAPetOnTheDashboard() throws {
        let socks = try pet("Socks")
        bridge.event(socks.pet.id, "finished")
        XCTAssertTrue(link.sent.isEmpty, "not bridging yet")
        bridge.handle(.connected)
        bridge.claimTimeUp(pets: [socks], at: now)
        bridge.event(socks.pet.id, "finished")
        XCTAssertEqual(link.on("laundry/\(socks.pet.id.lowercasedText)/event"), [#"{"event_type":"finished"}"#])
        XCTAssertEqual(link.sent.last?.retained, false)
    }

    func test_aBrokerThatStaysDownIsLoggedOnce() {
        for _ in 0..<3 { bridge.handle(.failed(.unreachable(reason: "Connection refused"))) }
        XCTAssertEqual(log.events.map { $0["problem"] }, ["unreachable"], "\(lines)")
        XCTAssertEqual(bridge.role, .down(.unreachable(reason: "Connection refused")))
        bridge.handle(.failed(.refused(reason: "Not authorized")))
        XCTAssertEqual(log.events.map { $0["problem"] }, ["unreachable", "refused"], "another reason: \(lines)")
        XCTAssertEqual(Set(log.events.map { $0["level"] }), ["warning"])
    }
}
