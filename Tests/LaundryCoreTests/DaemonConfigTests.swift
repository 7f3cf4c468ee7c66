import Foundation
import LaundryCore
import XCTest

/// config.json is read strictly: every mistake is named by its key.
final class DaemonConfigTests: XCTestCase {
    private func read(_ json: String) throws -> DaemonConfig {
        try JSONCoding.decoder().decode(DaemonConfig.self, from: Data(json.utf8))
    }

    private func problem(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> ConfigProblem? {
        do {
            _ = try read(json)
            XCTFail("accepted \(json)", file: file, line: line)
            return nil
        } catch let problem as ConfigProblem {
            return problem
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

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
        XCTAssertEqual(problem(#"{"sound": "yes"}"#), .wrongType(key: "sound", expected: "true or false"))
        XCTAssertEqual(problem(#"{"nagLimit": 2.5}"#), .wrongType(key: "nagLimit", expected: "a whole number"))
        XCTAssertEqual(problem(#"{"alarmMinutes": "5"}"#), .wrongType(key: "alarmMinutes", expected: "a number"))
        guard case .wrongType(key: "hook", _) = problem(#"{"hook": "curl x"}"#) else {
            return XCTFail("a hook given as one string")
        }
        XCTAssertEqual(problem("[1]"), .notAnObject)
    }

    func test_anImpossibleValueNamesTheRange() {
        XCTAssertEqual(
            problem(#"{"alarmRepeatSeconds": 0}"#),
            .outOfRange(key: "alarmRepeatSeconds", value: "0", allowed: "between 1 and 3600"))
        XCTAssertEqual(
            problem(#"{"headsUpMinutes": -1}"#),
            .outOfRange(key: "headsUpMinutes", value: "-1", allowed: "between 0 and 1440"))
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
        guard case .wrongType(key: "quietHours", _) = problem(#"{"quietHours": {"from": "22:00"}}"#) else {
            return XCTFail("a window with no end")
        }
    }
}
