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
    private var presses: [(UUID, String)] = []
    private lazy var bridge: HomeBridge = {
        var settings = BrokerSettings(host: "h", port: 1883, usesTLS: false)
        settings.topicPrefix = "laundry"
        let bridge = HomeBridge(
            topics: HomeTopics(settings, device: "bbbb"), link: link, host: "here", version: "0.1.0",
            logger: log.logger)
        bridge.onPress = { [unowned self] in self.presses.append(($0, $1)) }
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

    func test_withNoOtherMachineItBridgesAndSendsEachStateOnlyWhenItChanges() throws {
        let socks = try pet("Socks")
        bridge.handle(.connected)
        XCTAssertTrue(link.subscriptions.contains { $0 == ("laundry/+/press", true) }, "presses keep their retain flag")
        bridge.claimTimeUp(pets: [socks], at: now)
        XCTAssertEqual(bridge.role, .bridging)
        XCTAssertEqual(link.on("laundry/availability/bbbb"), ["online"])
        XCTAssertEqual(link.sent.filter { $0.topic.hasSuffix("/config") }.count, 11)
        XCTAssertEqual(link.on("laundry/\(socks.pet.id.lowercasedText)/state").count, 1)
        bridge.publish([socks], at: now)
        XCTAssertEqual(link.on("laundry/\(socks.pet.id.lowercasedText)/state").count, 1, "unchanged: not sent again")
        var washing = socks
        washing.pet.stage = .washing
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
        XCTAssertEqual(link.sent.filter { $0.topic.hasSuffix("/config") }.count, 11)
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
        XCTAssertEqual(lines.filter { $0.contains("retained press") }.count, 1, "logged once")
        message("laundry/\(UUID().uuidString.lowercased())/press", "", retained: true)
        XCTAssertEqual(
            lines.filter { $0.contains("retained press") }.count, 1, "clearing a retained press is not one")
        message("laundry/\(id)/press", "dry")
        message("laundry/\(id)/press", "got-it")
        XCTAssertEqual(presses.map(\.1), ["dry", "default"])
        XCTAssertEqual(presses.first?.0, socks.pet.id)
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
        XCTAssertEqual(removed.count, 11)
        XCTAssertTrue(removed.allSatisfy { $0.payload.isEmpty && $0.retained })
        let marker = try XCTUnwrap(link.on("laundry/bridge").last, "the marker is sent again at once")
        XCTAssertTrue(marker.contains(socks.pet.id.lowercasedText), marker)
        XCTAssertFalse(marker.contains(shirts.pet.id.lowercasedText), "the released pet left it: \(marker)")
        link.sent = []
        message("homeassistant/status", "online")
        bridge.publish([socks], at: now)
        XCTAssertEqual(link.sent.filter { $0.topic.hasSuffix("/config") }.count, 11)
    }

    /// Home Assistant's timestamp sensor takes whole seconds: a load's end is rounded up, never down.
    func test_finishesAtIsRoundedUpToTheSecond() throws {
        var socks = try pet("Socks")
        let timer = LaundryTimer(
            petID: socks.pet.id, kind: .wash, startedAt: now, duration: .minutes(45))
        socks.timer = timer
        socks.timer?.endsAt = now.addingTimeInterval(2700.4)
        socks.pet.stage = .washing
        let state = HomeDevice.state(of: socks, at: now).bytes
        let text = String(decoding: state, as: UTF8.self)
        XCTAssertTrue(
            text.contains(#""finishes_at":"\#(Timestamp.formatSeconds(now.addingTimeInterval(2701)))""#), text)
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
        XCTAssertEqual(lines, ["mqtt: the broker is not reachable: Connection refused; trying again"])
        XCTAssertEqual(bridge.role, .down(.unreachable(reason: "Connection refused")))
        bridge.handle(.failed(.refused(reason: "Not authorized")))
        XCTAssertEqual(
            lines.last, "mqtt: the broker refused the connection: Not authorized; trying again", "another reason")
    }
}
