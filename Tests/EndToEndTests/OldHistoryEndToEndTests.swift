import Foundation
import LaundryTestSupport
import XCTest

/// A household's history as the last version that wrote details as English sentences left it
/// (`Tests/Fixtures/sentences/generate.sh`, with that version's output beside it) reads the same
/// now, and its details are facts that no wording changes.
final class OldHistoryEndToEndTests: XCTestCase {
    private static let fixture = SourceTree.root + "/Tests/Fixtures/sentences"

    private func home() throws -> LaundryHome {
        let home = LaundryHome(shared: true)
        try FileManager.default.removeItem(atPath: home.data)
        try FileManager.default.copyItem(atPath: Self.fixture + "/home", toPath: home.data)
        home.environment["LAUNDRY_FAKE_NOW"] = "2026-11-20T13:00:00Z"
        home.environment["TZ"] = "UTC"
        return home
    }

    func test_historyAndLoadsReadAsThePreviousVersionShowedThem() throws {
        let home = try home()
        let expectedHistory = try String(contentsOfFile: Self.fixture + "/expected-history.txt", encoding: .utf8)
        let expectedLoads = try String(contentsOfFile: Self.fixture + "/expected-loads.json", encoding: .utf8)
        XCTAssertEqual(home.ok("history").stdout, expectedHistory)
        // People came after: the old loads name no one, and are otherwise as that version showed them.
        var loads = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(home.ok("loads", "--json").stdout.utf8)) as? [[String: Any]])
        let people = ["startedBy", "movedBy", "foldedBy"]
        for index in loads.indices {
            XCTAssertTrue(people.allSatisfy { loads[index][$0] is NSNull }, "\(loads[index])")
            for key in people { loads[index][key] = nil }
        }
        let expected = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(expectedLoads.utf8)) as? [[String: Any]])
        XCTAssertEqual(loads as NSArray, expected as NSArray)
    }

    func test_theOldSentencesAreReadAsFacts() throws {
        let home = try home()
        let towels = try XCTUnwrap(home.json("history", "Towels") as? [[String: Any]])
        XCTAssertEqual(towels.first { $0["event"] as? String == "washDone" }?["stoppedBy"] as? String, "washer")
        XCTAssertEqual(towels.first { $0["event"] as? String == "washStarted" }?["seconds"] as? Double, 3600)
        let socks = try XCTUnwrap(home.json("history", "Socko") as? [[String: Any]])
        let settings = try XCTUnwrap(socks.first { $0["event"] as? String == "settingsChanged" })
        XCTAssertEqual(settings["washSeconds"] as? Double, 3000)
        XCTAssertEqual(settings["cycleDays"] as? Double, 5)
        XCTAssertEqual(settings["petKind"] as? String, "delicates")
        let lost = try XCTUnwrap(socks.first { $0["event"] as? String == "superseded" })
        XCTAssertEqual(lost["lostEvent"] as? String, "renamed")
        XCTAssertEqual(lost["lostPart"] as? String, "identity")
        XCTAssertFalse(socks.contains { $0["detail"] != nil }, "every sentence was recognised: \(socks)")
    }

    /// Under a catalogue that rewords every message (the pseudo-language wraps each in ⟦ ⟧),
    /// nothing decided from history changes: the load records, the history's facts, the stats.
    func test_rewordingEveryMessageChangesNoRecord() throws {
        let home = try home()
        let pseudo = [
            "LANGUAGE": "en@pseudo", "LC_ALL": "en_US.UTF-8", "LOCPATH": SourceTree.root + "/.build/test-locales",
        ]
        for command in [["loads", "--json"], ["history", "--json"], ["stats", "--json"], ["history", "--csv"]] {
            let plain = home.run(command).stdout
            XCTAssertTrue(plain.count > 100, plain)
            XCTAssertEqual(home.run(command, environment: pseudo).stdout, plain, command.joined(separator: " "))
        }
        let worded = home.ok("history", environment: pseudo).stdout
        XCTAssertTrue(worded.contains("⟦"), "the pseudo-language was in use: \(worded)")
        XCTAssertTrue(worded.contains("(⟦washer stopped⟧)"), worded)
    }
}
