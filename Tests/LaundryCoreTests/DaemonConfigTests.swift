import Foundation
import LaundryCore
import XCTest

/// config.json's text as the daemon reads it (the config tests share it).
func read(_ json: String) throws -> DaemonConfig {
    try JSONCoding.decoder().decode(DaemonConfig.self, from: Data(json.utf8))
}

/// The mistake config.json's reader names, failing the test when it accepts the file.
func problem(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> ConfigProblem? {
    do {
        _ = try read(json)
        XCTFail("accepted \(json)", file: file, line: line)
    } catch let problem as ConfigProblem {
        return problem
    } catch {
        XCTFail("\(error)", file: file, line: line)
    }
    return nil
}

/// config.json is read strictly: every mistake is named by its key.
final class DaemonConfigTests: XCTestCase {
    func test_anEmptyObjectIsTheDefaults() throws {
        let config = try read("{}")
        XCTAssertEqual(config, .defaults)
        XCTAssertEqual(config.alarmRepeatSeconds, 30)
        XCTAssertEqual(config.alarmMinutes, 5)
        XCTAssertEqual(config.headsUpMinutes, 5)
        XCTAssertEqual(config.hookTimeoutSeconds, 30)
        XCTAssertTrue(config.sound)
        XCTAssertNil(config.quietHours)
    }

    func test_everySettingIsRead() throws {
        let config = try read(
            #"""
            {"nagIntervalMinutes": 10, "nagLimit": 2, "notifications": false, "sound": false,
             "alarmRepeatSeconds": 20, "alarmMinutes": 3, "headsUpMinutes": 0,
             "quietHours": {"from": "22:30", "to": "7:00"}, "hook": ["curl", "-d", "x"], "hookTimeoutSeconds": 5}
            """#)
        XCTAssertEqual(config.nagLimit, 2)
        XCTAssertEqual(config.alarmRepeatSeconds, 20)
        XCTAssertEqual(config.quietHours?.description, "22:30–07:00")
        XCTAssertEqual(config.hook, ["curl", "-d", "x"])
        XCTAssertFalse(config.sound)
        XCTAssertEqual(config.headsUpMinutes, 0)
    }

    /// Do-not-disturb is waited out unless config.json says to ring through it.
    func test_dndIsQuietOrRing() throws {
        XCTAssertEqual(try read("{}").dnd, .quiet)
        XCTAssertEqual(try read(#"{"dnd": "ring"}"#).dnd, .ring)
        XCTAssertEqual(
            problem(#"{"dnd": "loud"}"#),
            .outOfRange(key: "dnd", value: "loud", allowed: .oneOf([#""quiet""#, #""ring""#])))
    }

    func test_nullMeansTheDefault() throws {
        XCTAssertEqual(try read(#"{"quietHours": null, "hook": null, "sound": null}"#), .defaults)
    }

    func test_anUnknownKeyIsNamedWithWhatItProbablyMeant() {
        XCTAssertEqual(
            problem(#"{"alarmRepeatSecond": 2}"#), .unknownKey("alarmRepeatSecond", suggestion: "alarmRepeatSeconds"))
        XCTAssertEqual(problem(#"{"SOUND": true}"#), .unknownKey("SOUND", suggestion: "sound"))
        XCTAssertEqual(problem(#"{"volume": 3}"#), .unknownKey("volume", suggestion: nil))
        XCTAssertEqual(
            problem(#"{"quietHours": {"from": "22:00", "to": "07:00", "form": "x"}}"#),
            .unknownKey("quietHours.form", suggestion: "quietHours.from"))
    }

    func test_aWrongTypeIsNamed() {
        XCTAssertEqual(problem(#"{"sound": "yes"}"#), .wrongType(key: "sound", expected: .boolean))
        XCTAssertEqual(problem(#"{"nagLimit": 2.5}"#), .wrongType(key: "nagLimit", expected: .wholeNumber))
        XCTAssertEqual(problem(#"{"alarmMinutes": "5"}"#), .wrongType(key: "alarmMinutes", expected: .number))
        guard case .wrongType(key: "hook", _) = problem(#"{"hook": "curl x"}"#) else {
            return XCTFail("a hook given as one string")
        }
        XCTAssertEqual(problem("[1]"), .notAnObject)
    }

    func test_anImpossibleValueNamesTheRange() {
        XCTAssertEqual(
            problem(#"{"alarmRepeatSeconds": 0}"#),
            .outOfRange(key: "alarmRepeatSeconds", value: "0", allowed: .between(1, 3600)))
        XCTAssertEqual(
            problem(#"{"headsUpMinutes": -1}"#),
            .outOfRange(key: "headsUpMinutes", value: "-1", allowed: .between(0, 1440)))
        XCTAssertEqual(problem(#"{"hook": []}"#), .emptyHook)
        XCTAssertEqual(problem(#"{"hook": [""]}"#), .emptyHook)
    }

    func test_quietHoursAreTimesOfDayThatDiffer() {
        XCTAssertEqual(
            problem(#"{"quietHours": {"from": "25:00", "to": "07:00"}}"#),
            .badTime(key: "quietHours.from", value: "25:00"))
        XCTAssertEqual(
            problem(#"{"quietHours": {"from": "22:00", "to": "7pm"}}"#), .badTime(key: "quietHours.to", value: "7pm"))
        XCTAssertEqual(problem(#"{"quietHours": {"from": "22:00", "to": "22:00"}}"#), .emptyWindow("quietHours"))
        for signed in ["+7:00", "07:+5", "-0:00", "07:0５"] {
            XCTAssertNil(TimeOfDay(signed), signed)
        }
        XCTAssertEqual(
            problem(#"{"quietHours": {"from": "22:00"}}"#), .missingKey("quietHours.to", example: #""07:00""#),
            "a window with no end names the end")
        XCTAssertEqual(
            problem(#"{"quietHours": {"to": "07:00"}}"#), .missingKey("quietHours.from", example: #""22:00""#))
    }

    /// Every problem of the file is named at once, in the order of the README's keys, so one edit fixes them all.
    func test_everyProblemIsNamedNotOnlyTheFirst() {
        XCTAssertEqual(
            problem(#"{"sound": "loud", "nagLimit": -1, "quietHours": {"from": "22:00"}}"#),
            .several([
                .outOfRange(key: "nagLimit", value: "-1", allowed: .between(0, 100)),
                .wrongType(key: "sound", expected: .boolean),
                .missingKey("quietHours.to", example: #""07:00""#),
            ]))
        XCTAssertEqual(
            problem(#"{"sond": false, "nagLimt": 2}"#),
            .several([
                .unknownKey("nagLimt", suggestion: "nagLimit"), .unknownKey("sond", suggestion: "sound"),
            ]))
        XCTAssertEqual(problem(#"{"sound": "loud"}"#), .wrongType(key: "sound", expected: .boolean), "one is one")
        XCTAssertEqual(
            problem(#"{"sond": false, "appliances": {"washer": {"powerTopic": "plug/w"}}}"#),
            .several([.unknownKey("sond", suggestion: "sound"), .appliancesWithoutBroker]),
            "a rule between keys is named beside another problem")
        XCTAssertEqual(
            problem(#"{"sond": false, "nagLimt": 2, "sound": "loud"}"#),
            .several([
                .unknownKey("nagLimt", suggestion: "nagLimit"), .unknownKey("sond", suggestion: "sound"),
                .wrongType(key: "sound", expected: .boolean),
            ]), "several of several are one flat list")
    }
}

/// config.json's `mqtt` and `appliances`: only `url` is required, and every mistake names its key.
final class HomeConfigTests: XCTestCase {
    func test_aBrokerNeedsOnlyItsURLAndTheRestHasDefaults() throws {
        let broker = try XCTUnwrap(try read(#"{"mqtt": {"url": "mqtt://homeassistant.local"}}"#).mqtt)
        XCTAssertEqual(broker.host, "homeassistant.local")
        XCTAssertEqual(broker.port, 1883)
        XCTAssertFalse(broker.usesTLS)
        XCTAssertEqual(broker.discoveryPrefix, "homeassistant")
        XCTAssertEqual(broker.topicPrefix, "laundry")
        let secure = try XCTUnwrap(
            try read(
                #"""
                {"mqtt": {"url": "mqtts://[::1]:8884", "username": "me", "passwordFile": "~/.mqtt", "caFile": "/ca",
                          "topicPrefix": "home/laundry"}}
                """#
            ).mqtt)
        XCTAssertEqual(secure.host, "::1")
        XCTAssertEqual(secure.port, 8884)
        XCTAssertTrue(secure.usesTLS)
        XCTAssertEqual(secure.url, "mqtts://[::1]:8884")
        XCTAssertEqual(secure.topicPrefix, "home/laundry")
        XCTAssertFalse(secure.sendsPasswordInClear)
        XCTAssertTrue(
            try XCTUnwrap(try read(#"{"mqtt": {"url": "mqtt://h", "passwordFile": "/p"}}"#).mqtt).sendsPasswordInClear)
    }

    func test_brokerURLsThatAreNotMQTTAreRefused() {
        for url in [
            "http://h", "mqtt://", "mqtt://user:pw@h", "mqtt://h:99999", "mqtt://h:port", "mqtt://h/path", "h:1883",
        ] {
            XCTAssertNil(BrokerSettings(url: url), url)
        }
        XCTAssertEqual(
            problem(#"{"mqtt": {"url": "tcp://h"}}"#),
            .outOfRange(
                key: "mqtt.url", value: "tcp://h", allowed: .oneOf([#""mqtt://host:1883""#, #""mqtts://host:8883""#])))
        XCTAssertEqual(
            problem(#"{"mqtt": {"username": "me"}}"#),
            .missingKey("mqtt.url", example: #""mqtt://homeassistant.local:1883""#))
        XCTAssertEqual(
            problem(#"{"mqtt": {"url": "mqtt://h", "pasword": "x"}}"#), .unknownKey("mqtt.pasword", suggestion: nil))
        XCTAssertEqual(
            problem(#"{"mqtt": {"url": "mqtt://h", "passwordfile": "x"}}"#),
            .unknownKey("mqtt.passwordfile", suggestion: "mqtt.passwordFile"))
        XCTAssertEqual(
            problem(#"{"mqtt": {"url": "mqtt://h", "topicPrefix": "laundry/#"}}"#),
            .outOfRange(key: "mqtt.topicPrefix", value: "laundry/#", allowed: .plainTopic(example: #""laundry""#)))
        XCTAssertEqual(
            problem(#"{"mqtt": {"url": "mqtts://h", "certFile": "/c"}}"#),
            .missingPartner("mqtt.keyFile", other: "mqtt.certFile"))
    }

    func test_pricesTariffAndPriceTopic() throws {
        let config = try read(
            #"""
            {"mqtt": {"url": "mqtt://h"}, "price": {"perKWh": 0.32, "currency": "EUR"},
             "tariff": [{"from": "23:00", "to": "07:00", "perKWh": 0.15},
                        {"from": "07:00", "to": "23:00", "perKWh": 0.34}],
             "priceTopic": "homeassistant/sensor/price/state",
             "appliances": {"washer": {"powerTopic": "p", "staleAfterSeconds": 90, "newLoadAfterSeconds": 240}}}
            """#)
        XCTAssertEqual(config.pricePerKWh, 0.32)
        XCTAssertEqual(config.currency, "EUR")
        XCTAssertEqual(config.tariff.map(\.perKWh), [0.15, 0.34])
        XCTAssertEqual(config.tariff.first?.from, TimeOfDay("23:00"))
        XCTAssertEqual(config.priceTopic, "homeassistant/sensor/price/state")
        XCTAssertEqual(config.appliances[.washer]?.staleAfterSeconds, 90)
        XCTAssertEqual(config.appliances[.washer]?.newLoadAfterSeconds, 240)
        XCTAssertEqual(try read("{}").appliances[.washer]?.staleAfterSeconds, nil)
        XCTAssertEqual(ApplianceSettings(powerTopic: "p").staleAfterSeconds, 600)
        XCTAssertEqual(ApplianceSettings(powerTopic: "p").newLoadAfterSeconds, 300)
    }

    func test_pricesThatCannotBeUsedAreNamed() {
        XCTAssertEqual(problem(#"{"priceTopic": "a/b"}"#), .priceTopicWithoutBroker)
        XCTAssertEqual(
            problem(#"{"tariff": {"from": "00:00"}}"#),
            .wrongType(
                key: "tariff", expected: .objectList(example: #"[{"from": "00:00", "to": "07:00", "perKWh": 0.15}]"#)))
        XCTAssertEqual(
            problem(
                #"{"tariff": [{"from": "00:00", "to": "07:00", "perKWh": 0.1}, {"from": "07:00", "perKWh": 0.3}]}"#),
            .missingKey("tariff[1].to", example: #""07:00""#))
        XCTAssertEqual(
            problem(#"{"tariff": [{"from": "7", "to": "08:00", "perKWh": 1}]}"#),
            .badTime(key: "tariff[0].from", value: "7"))
        XCTAssertEqual(
            problem(#"{"price": {"perKWh": -1}}"#),
            .outOfRange(key: "price.perKWh", value: "-1", allowed: .between(0, 1000)))
        XCTAssertEqual(
            problem(#"{"price": {"perKWh": 1, "currency": "euros please"}}"#),
            .outOfRange(key: "price.currency", value: "euros please", allowed: .shortText(example: #""EUR""#)))
        XCTAssertEqual(problem(#"{"price": {"perKwh": 1}}"#), .unknownKey("price.perKwh", suggestion: "price.perKWh"))
    }

    func test_appliancesAreReadWithTheirDefaultsAndNeedABroker() throws {
        let config = try read(
            #"""
            {"mqtt": {"url": "mqtt://h"}, "appliances": {
              "washer": {"powerTopic": "tele/washer/SENSOR", "powerField": "ENERGY.Power", "doneAfterSeconds": 90},
              "dryer": {"powerTopic": "shellies/dryer/relay/0/power", "runningAboveWatts": 50, "doneBelowWatts": 8}}}
            """#)
        let washer = try XCTUnwrap(config.appliances[.washer])
        XCTAssertEqual(washer.powerField, ["ENERGY", "Power"])
        XCTAssertEqual(washer.runningAboveWatts, 10)
        XCTAssertEqual(washer.doneBelowWatts, 5)
        XCTAssertEqual(washer.doneAfterSeconds, 90)
        let dryer = try XCTUnwrap(config.appliances[.dryer])
        XCTAssertNil(dryer.powerField)
        XCTAssertEqual(dryer.runningAboveWatts, 50)
        XCTAssertEqual(dryer.doneBelowWatts, 8)
        XCTAssertEqual(problem(#"{"appliances": {"washer": {"powerTopic": "p"}}}"#), .appliancesWithoutBroker)
        XCTAssertEqual(
            problem(
                #"{"mqtt": {"url": "mqtt://h"}, "appliances": {"washer": {"powerTopic": "p", "doneAfterSeconds": 0}}}"#
            ),
            .outOfRange(key: "appliances.washer.doneAfterSeconds", value: "0", allowed: .between(1, 3600)))
        XCTAssertEqual(
            problem(
                #"{"mqtt": {"url": "mqtt://h"}, "appliances": {"washer": {"powerTopic": "p", "doneBelowWatts": 20}}}"#),
            .outOfRange(
                key: "appliances.washer.doneBelowWatts", value: "20",
                allowed: .atMost(key: "appliances.washer.runningAboveWatts", value: 10))
        )
        XCTAssertEqual(
            problem(#"{"mqtt": {"url": "mqtt://h"}, "appliances": {"wahser": {"powerTopic": "p"}}}"#),
            .unknownKey("appliances.wahser", suggestion: "appliances.washer"))
        XCTAssertEqual(
            problem(#"{"mqtt": {"url": "mqtt://h"}, "appliances": {"washer": {"powerTopic": "plug/+/power"}}}"#),
            .outOfRange(
                key: "appliances.washer.powerTopic", value: "plug/+/power",
                allowed: .plainTopic(example: #""shellies/washer/relay/0/power""#)))
        XCTAssertEqual(
            problem(#"{"mqtt": {"url": "mqtt://h"}, "appliances": {"washer": {"powerField": "apower"}}}"#),
            .missingKey("appliances.washer.powerTopic", example: #""shellies/washer/relay/0/power""#))
    }
}

/// A washer's power, one reading at a time: a soak does not end the load, the tail does.
final class ApplianceWatchTests: XCTestCase {
    private let plug = ApplianceSettings(powerTopic: "p")
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func replay(_ readings: [(Double, Double)]) -> [(Double, ApplianceWatch.Change)] {
        var watch = ApplianceWatch()
        return readings.compactMap { seconds, watts in
            let change = watch.read(watts: watts, at: start.addingTimeInterval(seconds), plug)
            return change == .none ? nil : (seconds, change)
        }
    }

    func test_aCycleStartsOnceAndStopsOnlyAfterTheTailLastedDoneAfterSeconds() {
        let changes = replay([
            (0, 0.5), (10, 2), (20, 2100), (600, 120), (700, 3), (760, 140), (1800, 450), (3000, 30), (3100, 1),
            (3160, 1), (3219, 0.8), (3220, 0.8), (3300, 0.8),
        ])
        XCTAssertEqual(changes.map(\.0), [20, 3220], "started at 2100 W; stopped 120 s into the tail")
        XCTAssertEqual(changes.first?.1, .started(at: start.addingTimeInterval(20)))
        guard case .stopped(let since, _)? = changes.last?.1 else { return XCTFail("\(changes)") }
        XCTAssertEqual(since, start.addingTimeInterval(20))
    }

    func test_timePassingWithoutAReadingStopsASettlingAppliance() {
        var watch = ApplianceWatch()
        _ = watch.read(watts: 500, at: start, plug)
        _ = watch.read(watts: 1, at: start.addingTimeInterval(60), plug)
        XCTAssertEqual(watch.stopsAt(plug), start.addingTimeInterval(180))
        XCTAssertEqual(watch.check(at: start.addingTimeInterval(179), plug), .none)
        XCTAssertTrue(watch.isRunning)
        guard case .stopped(let since, _) = watch.check(at: start.addingTimeInterval(180), plug) else {
            return XCTFail("not stopped")
        }
        XCTAssertEqual(since, start)
        XCTAssertFalse(watch.isRunning)
        XCTAssertNil(watch.stopsAt(plug))
    }

    func test_aReadingBetweenTheThresholdsKeepsItRunningButDoesNotStartIt() {
        var watch = ApplianceWatch()
        XCTAssertEqual(watch.read(watts: 7, at: start, plug), .none, "above done, below running: not started")
        XCTAssertEqual(watch.read(watts: 11, at: start, plug), .started(at: start))
        XCTAssertEqual(watch.read(watts: 7, at: start.addingTimeInterval(500), plug), .none)
        XCTAssertNil(watch.stopsAt(plug), "7 W is not quiet")
    }

    func test_watchesSurviveARestartThroughJSON() throws {
        var watch = ApplianceWatch()
        _ = watch.read(watts: 500, at: start, plug)
        _ = watch.read(watts: 1, at: start.addingTimeInterval(60), plug)
        let again = try JSONCoding.decoder().decode(ApplianceWatch.self, from: JSONCoding.encoder().encode(watch))
        XCTAssertEqual(again, watch)
    }

    func test_powerReadingsFromShellyTasmotaAndShellyGen2() throws {
        XCTAssertEqual(try PowerReading.watts(in: Array("  12.5\n".utf8), field: nil), 12.5)
        XCTAssertEqual(
            try PowerReading.watts(
                in: Array(#"{"ENERGY": {"Power": 1870, "Voltage": 230}}"#.utf8), field: ["ENERGY", "Power"]),
            1870)
        XCTAssertEqual(try PowerReading.watts(in: Array(#"{"id": 0, "apower": 3.4}"#.utf8), field: ["apower"]), 3.4)
        XCTAssertThrowsError(try PowerReading.watts(in: Array("on".utf8), field: nil)) {
            XCTAssertEqual($0 as? PowerReading.Problem, .notANumber)
        }
        XCTAssertThrowsError(try PowerReading.watts(in: Array(#"{"ENERGY": {}}"#.utf8), field: ["ENERGY", "Power"])) {
            XCTAssertEqual($0 as? PowerReading.Problem, .fieldMissing("ENERGY.Power"))
        }
        XCTAssertThrowsError(try PowerReading.watts(in: Array("-3".utf8), field: nil)) {
            XCTAssertEqual($0 as? PowerReading.Problem, .negative)
        }
        XCTAssertThrowsError(try PowerReading.watts(in: [UInt8](repeating: 0x31, count: 20_000), field: nil)) {
            XCTAssertEqual($0 as? PowerReading.Problem, .tooLarge(20_000))
        }
    }
}
