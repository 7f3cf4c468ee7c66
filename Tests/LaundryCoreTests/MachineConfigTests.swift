import Foundation
import LaundryCore
import XCTest

/// config.json's `homeAssistant` and an appliance's own word: a preset and a device, or the entities one by one.
final class MachineConfigTests: XCTestCase {
    private let home = #""homeAssistant": {"url": "https://ha.local:8123", "tokenFile": "~/.config/laundry/ha-token"}"#

    func test_aPresetNeedsOnlyItsDeviceAndNoPlug() throws {
        let config = try read(
            #"{"# + home
                + #", "appliances": {"washer": {"homeAssistant": {"preset": "homeConnect", "device": "bosch"}}}}"#)
        XCTAssertEqual(config.homeAssistant?.url, "https://ha.local:8123")
        XCTAssertEqual(config.homeAssistant?.usesTLS, true)
        XCTAssertEqual(config.homeAssistant?.sendsTokenInClear, false)
        for (url, clear) in [
            ("http://homeassistant.local:8123", true), ("http://192.168.1.5:8123/", true),
            ("http://localhost:8123", false),
            ("http://127.0.0.1:8123", false), ("http://[::1]:8123", false),
        ] {
            XCTAssertEqual(HomeAssistantSettings(url: url, tokenFile: "t").sendsTokenInClear, clear, url)
        }
        let washer = try XCTUnwrap(config.machines[.washer])
        XCTAssertEqual(washer.preset, .homeConnect)
        XCTAssertEqual(washer.entities.state, ["sensor.bosch_operation_state"])
        XCTAssertEqual(
            washer.entities.end, ["sensor.bosch_program_finish_time", "sensor.bosch_remaining_program_time"])
        XCTAssertEqual(washer.entities.door, ["sensor.bosch_door", "binary_sensor.bosch_door"])
        XCTAssertNil(config.appliances[.washer], "no plug")
    }

    func test_aCustomMappingNamesItsEntitiesAndStates() throws {
        let config = try read(
            #"""
            {\#(home), "appliances": {"dryer": {"homeAssistant": {
                "state": "binary_sensor.dryer_running", "end": "sensor.dryer_end", "door": "binary_sensor.dryer_door",
                "running": ["ON"], "paused": ["held"]}}}}
            """#)
        let dryer = try XCTUnwrap(config.machines[.dryer])
        XCTAssertEqual(dryer.preset, .custom)
        XCTAssertEqual(
            dryer.entities.all, ["binary_sensor.dryer_running", "sensor.dryer_end", "binary_sensor.dryer_door"])
        XCTAssertEqual(dryer.states.running, ["on"])
        XCTAssertEqual(dryer.states.paused, ["held"])
        XCTAssertTrue(dryer.states.othersAreIdle)
        let onOff = try XCTUnwrap(
            try read(#"{"# + home + #", "appliances": {"washer": {"homeAssistant": {"state": "binary_sensor.w"}}}}"#)
                .machines[.washer])
        XCTAssertTrue(onOff.states.stopFinishes, "no finished state named: a run that stops is a finish")
    }

    func test_aDoorTopicIsReadWithZigbee2mqttsFieldByDefault() throws {
        let config = try read(
            #"""
            {"mqtt": {"url": "mqtt://h"},
             "appliances": {"washer": {"powerTopic": "p", "doorTopic": "zigbee2mqtt/washer_door"}}}
            """#)
        XCTAssertEqual(config.doors[.washer]?.topic, "zigbee2mqtt/washer_door")
        XCTAssertEqual(config.doors[.washer]?.field, ["contact"])
        XCTAssertEqual(try config.doors[.washer]?.isOpen(Array(#"{"contact": false, "battery": 90}"#.utf8)), true)
        XCTAssertEqual(try config.doors[.washer]?.isOpen(Array(#"{"contact": true}"#.utf8)), false)
        XCTAssertThrowsError(try config.doors[.washer]?.isOpen(Array(#"{"battery": 90}"#.utf8)))
        XCTAssertNotNil(config.appliances[.washer], "the plug beside it")
    }

    func test_mistakesAreNamedByTheirKeys() {
        XCTAssertEqual(
            problem(#"{"appliances": {"washer": {"homeAssistant": {"preset": "homeConnect", "device": "w"}}}}"#),
            .machinesWithoutHomeAssistant)
        XCTAssertEqual(
            problem(#"{"# + home + #", "appliances": {"washer": {"homeAssistant": {"preset": "homeConnect"}}}}"#),
            .missingKey("appliances.washer.homeAssistant.device", example: #""washer""#))
        XCTAssertEqual(
            problem(#"{"# + home + #", "appliances": {"washer": {"homeAssistant": {"preset": "miele"}}}}"#),
            .outOfRange(
                key: "appliances.washer.homeAssistant.preset", value: "miele",
                allowed: .oneOf(MachinePreset.allCases.map { #"""# + $0.rawValue + #"""# })))
        XCTAssertEqual(
            problem(#"{"# + home + #", "appliances": {"washer": {"homeAssistant": {"state": "Washer State"}}}}"#),
            .outOfRange(
                key: "appliances.washer.homeAssistant.state", value: "Washer State",
                allowed: .shortText(example: #""sensor.washer_operation_state""#)))
        XCTAssertEqual(
            problem(#"{"# + home + #", "appliances": {"washer": {"homeAssistant": {"end": "sensor.w_end"}}}}"#),
            .missingKey("appliances.washer.homeAssistant.state", example: #""sensor.washer_state""#))
        XCTAssertEqual(
            problem(#"{"homeAssistant": {"url": "ws://ha.local"}}"#),
            .outOfRange(
                key: "homeAssistant.url", value: "ws://ha.local",
                allowed: .oneOf([#""https://host:8123""#, #""http://host:8123""#])))
        XCTAssertEqual(
            problem(#"{"homeAssistant": {"url": "https://ha.local"}}"#),
            .missingKey("homeAssistant.tokenFile", example: #""~/.config/laundry/home-assistant-token""#))
        XCTAssertEqual(
            problem(#"{"appliances": {"washer": {"doorTopic": "z/door"}}}"#), .appliancesWithoutBroker)
        XCTAssertEqual(
            problem(
                #"{"# + home + #", "appliances": {"dryer": {"homeAssistant": {"state": "s.d", "alsoDries": true}}}}"#),
            .outOfRange(
                key: "appliances.dryer.homeAssistant.alsoDries", value: "true",
                allowed: .oneOf(["false (set it on the washer)"])))
        XCTAssertEqual(
            problem(
                #"{"mqtt": {"url": "mqtt://h"}, "# + home
                    + #", "appliances": {"washer": {"homeAssistant": {"state": "s.w"}, "powerField": "apower"}}}"#),
            .missingKey("appliances.washer.powerTopic", example: #""shellies/washer/relay/0/power""#))
    }
}
