import Foundation
import LaundryCore
import LaundryTestSupport
import XCTest

/// Every `--json` the binary prints answers to its schema in `data/schema/` (`LaundryHome.run` holds each output a
/// test sees to it; this test makes sure each command and each shape is seen), and speaks one vocabulary.
final class JSONSchemaEndToEndTests: XCTestCase {
    /// 10:00 UTC on 2026-11-20, plus `seconds`.
    private func at(_ seconds: Int) -> [String: String] {
        ["LAUNDRY_FAKE_NOW": Timestamp.format(Date(timeIntervalSince1970: 1_795_168_800 + Double(seconds)))]
    }

    /// A pet in every stage (a paused wash, an extra dryer run), a folded and a cancelled load, two people, turns.
    private func household() throws -> LaundryHome {
        let home = LaundryHome()
        try home.writeConfig(#"{"person": "Ana"}"#)
        for pet in ["Idle", "Washing", "Paused", "Washed", "Drying", "Dried", "Done"] {
            home.ok("adopt", pet, environment: at(0))
        }
        home.ok("set", "Idle", "--programme", "eco=2h15m", environment: at(0))
        for pet in ["Paused", "Washed", "Drying", "Dried", "Done"] {
            home.ok("wash", pet, "--for", "30m", environment: at(60))
        }
        home.ok("wash", "Washing", "--for", "3h", environment: at(60))
        home.ok("pause", "Paused", environment: at(600))
        home.ok("dry", "Drying", "--for", "2h", environment: at(2000))
        home.ok("dry", "Dried", "--for", "10m", environment: at(2000))
        home.ok("dry", "Done", "--for", "10m", environment: at(2000))
        home.ok("more-dry", "Done", "--for", "5m", environment: at(2700))
        home.ok("fold", "Done", environment: at(3100))
        home.ok("wash", "Idle", "--for", "30m", environment: at(3200))
        home.ok("cancel", "Idle", environment: at(3300))
        // Ben's machine, as a sync engine brings it: a rotation names machines' people.
        let ben = home.data + "/machines/bbbb000000000002"
        try FileManager.default.createDirectory(atPath: ben + "/pets", withIntermediateDirectories: true)
        try #"{"device":"bbbb000000000002","host":"laptop","machineID":"x","layout":2,"person":"Ben"}"#
            .write(toFile: ben + "/machine.json", atomically: true, encoding: .utf8)
        home.ok("household", "turns", "Ana", "Ben", environment: at(3500))
        return home
    }

    func test_everyJSONOutputAnswersToItsSchema() throws {
        let home = try household()
        let now = at(3600)
        // `run` fails the test for an output its schema refuses.
        for arguments in [
            ["list"], ["status"], ["status", "Idle"], ["status", "Paused"], ["status", "Drying"], ["loads"],
            ["loads", "Done"], ["history"], ["history", "Done", "--limit", "3"], ["stats"], ["stats", "--people"],
            ["plan", "Idle", "--finish-by", "23:00"], ["household"],
        ] {
            let result = home.run(arguments + ["--json"], environment: now)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        // The status bar's json is list's, or the one pet's object.
        for (arguments, schema) in [
            (["status", "--format", "json"], "list"), (["status", "Drying", "--format", "json"], "status"),
        ] {
            let output = home.run(arguments, environment: now).stdout
            XCTAssertNil(SchemaCheck.problems(output, against: schema), arguments.joined(separator: " "))
        }
        // Nothing yet: an empty list is `[]`.
        XCTAssertEqual(LaundryHome().ok("list", "--json").stdout, "[]\n")
    }

    /// A reference names what `loads` names: the drying pet's load, and each of its history events, by the load's id.
    func test_aLoadIsNamedByOneIdInStatusHistoryAndLoads() throws {
        let home = try household()
        let now = at(3600)
        let load = try XCTUnwrap((home.json("loads", "Drying", environment: now) as? [[String: Any]])?.first?["id"])
        XCTAssertEqual(home.pet("Drying", environment: now)["loadId"] as? String, load as? String)
        let events = try XCTUnwrap(home.json("history", "Drying", environment: now) as? [[String: Any]])
        XCTAssertEqual(Set(events.compactMap { $0["loadId"] as? String }), [try XCTUnwrap(load as? String)])
        let dryer = try XCTUnwrap(events.first { $0["event"] as? String == "dryStarted" })
        XCTAssertNotEqual(dryer["timerId"] as? String, load as? String, "the dryer's run has its own id")
        XCTAssertNil(home.pet("Idle", environment: now)["loadId"] as? String, "idle: no load")
    }

    /// The schemas are strict: a key spelt as before (`petID`), one missing, or a share in percent is refused.
    func test_aMisspeltKeyIsRefusedByItsSchema() throws {
        let home = try household()
        let history = home.ok("history", "Done", "--json", environment: at(3600)).stdout
        let misspelt = try XCTUnwrap(
            SchemaCheck.problems(history.replacing("\"petId\"", with: "\"petID\""), against: "history"))
        XCTAssertTrue(misspelt.contains("petID"), misspelt)
        let status = home.ok("status", "Idle", "--json", environment: at(3600)).stdout
        XCTAssertNotNil(SchemaCheck.problems(status.replacing("\"dueAt\"", with: "\"due\""), against: "status"))
        let people = home.ok("stats", "--people", "--json", environment: at(3600)).stdout
        XCTAssertNotNil(
            SchemaCheck.problems(people.replacing("\"share\" : 1", with: "\"share\" : 100"), against: "people"))
    }

    /// Seconds to the millisecond in every output: no `4.104000091552734`.
    func test_secondsAreRoundedToTheMillisecond() throws {
        let home = try household()
        func check(_ value: Any?, _ path: String) {
            if let object = value as? [String: Any] {
                for (key, item) in object {
                    check(item, path + "." + key)
                    if key.hasSuffix("Seconds"), let seconds = item as? Double {
                        XCTAssertEqual(seconds, (seconds * 1000).rounded() / 1000, path + "." + key)
                    }
                }
            } else if let list = value as? [Any] {
                for (index, item) in list.enumerated() { check(item, "\(path)[\(index)]") }
            }
        }
        // An odd moment, so the waits are not whole seconds.
        let odd = ["LAUNDRY_FAKE_NOW": "2026-11-20T11:00:00.1234Z"]
        for command in [["list"], ["status", "Paused"], ["loads"], ["history"], ["stats"], ["stats", "--people"]] {
            let output = home.run(command + ["--json"], environment: odd).stdout
            check(try JSONSerialization.jsonObject(with: Data(output.utf8)), command.joined(separator: " "))
        }
    }
}
