import Foundation
import LaundryCore
import LaundryTestSupport
import XCTest

/// Home Assistant's WebSocket frames, shaped as its websocket_api sends them (auth.py, messages.py, commands.py; the
/// frames of its own tests/components/websocket_api), with laundry's own data: read, or refused with a typed problem.
final class HomeAssistantMessageTests: XCTestCase {
    private func parse(_ text: String) throws -> HomeAssistantMessage {
        try HomeAssistantMessage.parse(Array(text.utf8))
    }

    private func problem(_ bytes: [UInt8]) -> HomeAssistantFrameProblem? {
        do {
            _ = try HomeAssistantMessage.parse(bytes)
            return nil
        } catch { return error }
    }

    private func problem(_ text: String) -> HomeAssistantFrameProblem? { problem(Array(text.utf8)) }

    func test_theLogin_readsEachStepAndTheVersion() throws {
        XCTAssertEqual(
            try parse(#"{"type":"auth_required","ha_version":"2024.3.3"}"#), .authRequired(version: "2024.3.3"))
        XCTAssertEqual(try parse(#"{"type":"auth_ok","ha_version":"2025.4.4"}"#), .authOK(version: "2025.4.4"))
        XCTAssertEqual(
            try parse(#"{"type":"auth_invalid","message":"Invalid access token or password"}"#),
            .authInvalid(message: "Invalid access token or password"))
    }

    func test_results_readSuccessAndTheErrorOfARefusal() throws {
        XCTAssertEqual(
            try parse(#"{"id":1,"type":"result","success":true,"result":null}"#),
            .result(id: 1, success: true, errorCode: nil, errorMessage: nil))
        XCTAssertEqual(
            try parse(
                #"{"id":2,"type":"result","success":false,"error":{"code":"invalid_format","message":"bad id"}}"#),
            .result(id: 2, success: false, errorCode: "invalid_format", errorMessage: "bad id"))
        XCTAssertEqual(try parse(#"{"id":3,"type":"pong"}"#), .pong(id: 3))
        XCTAssertEqual(try parse(#"{"id":4,"type":"event","event":{"a":{}}}"#), .entities(id: 4, EntityEvent()))
        XCTAssertEqual(try parse(#"{"type":"something_new","id":"x"}"#), .other(type: "something_new"))
    }

    /// Home Connect in 2024.3: `Run` as the operation state, `remaining_program_time` a timestamp, a binary door; the
    /// first event of `subscribe_entities` (`lu` only where it differs from `lc`; `c` an id, or a dict with a user).
    func test_theFirstEvent_ofHomeConnect2024_3_readsWholeStates() throws {
        let frame = """
            {"id":2,"type":"event","event":{"a":{\
            "sensor.washer_operation_state":{"s":"Run","a":{"friendly_name":"Washer Operation State"},\
            "c":"01HS1ZQ3C4D5E6F7G8H9J0K1M2","lc":1710405000.123456},\
            "sensor.washer_remaining_program_time":{"s":"2024-03-14T10:32:00+00:00",\
            "a":{"device_class":"timestamp","friendly_name":"Washer Remaining Program Time"},\
            "c":{"id":"01HS1ZQ3C4D5E6F7G8H9J0K1M3","parent_id":null,"user_id":"8d1c"},\
            "lc":1710405000.5,"lu":1710405060.25},\
            "binary_sensor.washer_door":{"s":"off","a":{"device_class":"door"},"c":"01HS1ZQ","lc":1710404000}}}}
            """
        guard case .entities(let id, let event) = try parse(frame) else { return XCTFail("not an entity event") }
        XCTAssertEqual(id, 2)
        XCTAssertEqual(
            event.added["sensor.washer_operation_state"],
            EntityState(
                entityID: "sensor.washer_operation_state", state: "Run",
                attributes: ["friendly_name": .string("Washer Operation State")],
                lastChanged: Date(timeIntervalSince1970: 1_710_405_000.123456)))
        XCTAssertEqual(event.added["sensor.washer_remaining_program_time"]?.deviceClass, "timestamp")
        XCTAssertEqual(
            event.added["binary_sensor.washer_door"]?.lastChanged, Date(timeIntervalSince1970: 1_710_404_000))
        XCTAssertEqual(event.changed, [:])
        XCTAssertEqual(event.removed, [])
    }

    /// Home Connect in 2025.4: enum sensors with their options, `program_finish_time`, a door that can be locked; then
    /// a change of state (`s` and `lc`), one of attributes only (`lu`, no `lc`), one with an attribute gone, a removal.
    func test_theEventsOfHomeConnect2025_4_readAddsChangesAndRemovals() throws {
        let first = """
            {"id":5,"type":"event","event":{"a":{"sensor.washer_door":{"s":"locked",\
            "a":{"device_class":"enum","options":["closed","locked","open"],"friendly_name":"Washer Door"},\
            "c":"01JR","lc":1744100000.0}}}}
            """
        guard case .entities(_, let added) = try parse(first) else { return XCTFail("not an entity event") }
        XCTAssertEqual(
            added.added["sensor.washer_door"]?.attributes["options"],
            .array([.string("closed"), .string("locked"), .string("open")]))

        let change = """
            {"id":5,"type":"event","event":{"c":{"sensor.washer_operation_state":\
            {"+":{"s":"finished","lc":1744103600.75,"c":"01JS"}}}}}
            """
        guard case .entities(5, let changed) = try parse(change) else { return XCTFail("not an entity event") }
        XCTAssertEqual(
            changed.changed["sensor.washer_operation_state"],
            EntityChange(state: "finished", lastChanged: Date(timeIntervalSince1970: 1_744_103_600.75)))

        let attributesOnly = """
            {"id":5,"type":"event","event":{"c":{"sensor.washer_program_progress":\
            {"+":{"a":{"unit_of_measurement":"%"},"lu":1744103000.5,"c":{"id":"01JT","user_id":null,\
            "parent_id":"01JQ"}},"-":{"a":["friendly_name","icon"]}}}}}
            """
        guard case .entities(_, let attributes) = try parse(attributesOnly) else { return XCTFail("not an event") }
        XCTAssertEqual(
            attributes.changed["sensor.washer_program_progress"],
            EntityChange(
                attributes: ["unit_of_measurement": .string("%")], removedAttributes: ["friendly_name", "icon"]))

        XCTAssertEqual(
            try parse(#"{"id":5,"type":"event","event":{"r":["sensor.washer_door"]}}"#),
            .entities(id: 5, EntityEvent(removed: ["sensor.washer_door"])))
    }

    func test_hostileFrames_giveTheirProblem() {
        let cases: [(String, HomeAssistantFrameProblem)] = [
            ("", .notJSON),
            ("{", .notJSON),
            (#"{"type":"auth_ok""#, .notJSON),
            ("[1,2]", .notAnObject),
            (#""auth_ok""#, .notAnObject),
            ("42", .notAnObject),
            ("null", .notAnObject),
            (#"[{"id":1,"type":"pong"}]"#, .notAnObject),
            ("{}", .noType),
            (#"{"type":7}"#, .noType),
            (#"{"type":null}"#, .noType),
            (#"{"type":"pong"}"#, .noID(type: "pong")),
            (#"{"type":"result","id":"1","success":true}"#, .noID(type: "result")),
            (#"{"type":"event","id":-1,"event":{"a":{}}}"#, .noID(type: "event")),
            (#"{"type":"event","id":1.5,"event":{"a":{}}}"#, .noID(type: "event")),
            (#"{"type":"event","id":1e300,"event":{"a":{}}}"#, .noID(type: "event")),
            (#"{"type":"event","id":1}"#, .badEntityEvent(entityID: nil, field: "event")),
            (#"{"type":"event","id":1,"event":[]}"#, .badEntityEvent(entityID: nil, field: "event")),
            (#"{"type":"event","id":1,"event":{"variables":{}}}"#, .badEntityEvent(entityID: nil, field: "event")),
            (#"{"type":"event","id":1,"event":{"a":[]}}"#, .badEntityEvent(entityID: nil, field: "a")),
            (#"{"type":"event","id":1,"event":{"a":{"x.y":"on"}}}"#, .badEntityEvent(entityID: "x.y", field: "x.y")),
            (#"{"type":"event","id":1,"event":{"a":{"x.y":{"a":{}}}}}"#, .badEntityEvent(entityID: "x.y", field: "s")),
            (#"{"type":"event","id":1,"event":{"a":{"x.y":{"s":1}}}}"#, .badEntityEvent(entityID: "x.y", field: "s")),
            (
                #"{"type":"event","id":1,"event":{"a":{"x.y":{"s":"on","a":"big"}}}}"#,
                .badEntityEvent(entityID: "x.y", field: "a")
            ),
            (
                #"{"type":"event","id":1,"event":{"a":{"x.y":{"s":"on","lc":"2024-03-14"}}}}"#,
                .badEntityEvent(entityID: "x.y", field: "lc")
            ),
            (
                #"{"type":"event","id":1,"event":{"a":{"x.y":{"s":"on","lc":-5}}}}"#,
                .badEntityEvent(entityID: "x.y", field: "lc")
            ),
            (
                #"{"type":"event","id":1,"event":{"a":{"x.y":{"s":"on","lc":1e200}}}}"#,
                .badEntityEvent(entityID: "x.y", field: "lc")
            ),
            (#"{"type":"event","id":1,"event":{"c":{"x.y":{"+":[]}}}}"#, .badEntityEvent(entityID: "x.y", field: "+")),
            (
                #"{"type":"event","id":1,"event":{"c":{"x.y":{"+":{"s":false}}}}}"#,
                .badEntityEvent(entityID: "x.y", field: "s")
            ),
            (
                #"{"type":"event","id":1,"event":{"c":{"x.y":{"-":{"a":"icon"}}}}}"#,
                .badEntityEvent(entityID: "x.y", field: "-")
            ),
            (
                #"{"type":"event","id":1,"event":{"c":{"x.y":{"-":{"a":[3]}}}}}"#,
                .badEntityEvent(entityID: "x.y", field: "-")
            ),
            (#"{"type":"event","id":1,"event":{"r":"x.y"}}"#, .badEntityEvent(entityID: nil, field: "r")),
            (#"{"type":"event","id":1,"event":{"r":[null]}}"#, .badEntityEvent(entityID: nil, field: "r")),
        ]
        for (text, expected) in cases { XCTAssertEqual(problem(text), expected, text) }
    }

    func test_bytesThatAreNotUTF8_areRefusedBeforeReading() {
        let frame = Array(#"{"type":"auth_ok","ha_version":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        XCTAssertEqual(problem(frame), .notUTF8)
        XCTAssertEqual(problem([0xFF, 0xFE, 0x7B, 0x7D]), .notUTF8)
        XCTAssertEqual(problem(Array(#"{"type":"auth_ok","ha_version":"\ud800"}"#.utf8)), .notJSON)
    }

    func test_deepNesting_isRefusedUnread_andDepthInStringsIsNotCounted() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(problem(#"{"type":"x","a":"# + deep + "}"), .tooDeep)
        let objects = String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65)
        XCTAssertEqual(problem(objects), .tooDeep)
        let inText = #"{"type":"auth_ok","ha_version":""# + String(repeating: "[{\\\"", count: 500) + #""}"#
        XCTAssertEqual(try parse(inText), .authOK(version: String(repeating: "[{\"", count: 500)))
        let justEnough = String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
        XCTAssertEqual(try parse(#"{"type":"x","a":"# + justEnough + "}"), .other(type: "x"))
    }

    func test_aFrameOverTheLimit_isRefusedBeforeReading_andOneUnderItIsRead() throws {
        let head = #"{"type":"auth_ok","ha_version":""#
        let padding = HomeAssistantMessage.maximumBytes - head.utf8.count - 2
        XCTAssertEqual(try parse(head + String(repeating: "x", count: padding) + #""}"#).isAuthOK, true)
        let over = Array(head.utf8) + [UInt8](repeating: 0x78, count: padding + 1) + Array(#""}"#.utf8)
        XCTAssertEqual(problem(over), .tooLarge(bytes: HomeAssistantMessage.maximumBytes + 1))
    }

    /// Seeded random mutations of real frames: each is read or refused with a problem, never a crash.
    func test_mutatedFrames_areReadOrRefused_neverCrash() {
        let frames = [
            #"{"id":2,"type":"event","event":{"a":{"sensor.w":{"s":"run","a":{"o":[1,"x",null]},"c":"z","lc":1.5}}}}"#,
            #"{"id":2,"type":"event","event":{"c":{"sensor.w":{"+":{"s":"x","lc":2},"-":{"a":["o"]}}},"r":["b.c"]}}"#,
            #"{"id":1,"type":"result","success":false,"error":{"code":"c","message":"m"}}"#,
        ]
        var random = SplitMix64(seed: 0x4841_5753)
        let alphabet = Array(#"{}[]":,"\0a1-.e"#.utf8) + [0xFF, 0xC3]
        for round in 0..<3000 {
            var bytes = Array(random.element(frames).utf8)
            for _ in 0..<random.int(in: 1...4) where !bytes.isEmpty {
                let at = random.below(bytes.count)
                switch random.below(3) {
                case 0: bytes[at] = random.element(alphabet)
                case 1: bytes.remove(at: at)
                default: bytes.insert(random.element(alphabet), at: at)
                }
            }
            do { _ = try HomeAssistantMessage.parse(bytes) } catch {
                XCTAssertFalse(error.kind.isEmpty, "seed \(random.seed), round \(round)")
            }
        }
    }
}

extension HomeAssistantMessage {
    fileprivate var isAuthOK: Bool {
        if case .authOK = self { return true }
        return false
    }
}
