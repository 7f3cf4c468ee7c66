import Foundation
import LaundryActions
import LaundryCore
import LaundryRendering
import LaundryTestSupport
import XCTest

/// `laundry stats --json`'s load figures for loads made through `Laundry` on the in-memory storage.
final class LoadStatsJSONTests: XCTestCase {
    /// The stats' medians against a hand computation: wet waits of 10, 30, 50 and 200 minutes (median 40), folds
    /// 20, 90 and 30 minutes after the dryer (2 of 3 within an hour).
    func test_statsMedianLongestWetWaitAndTheShareFoldedWithinAnHour() throws {
        let data = SourceTree.root + "/data"
        let kinds = try JSONDecoder().decode(
            KindCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: data + "/kinds.json")))
        let start = Fixtures.start
        let clock = ManualClock(start)
        let laundry = Laundry(storage: InMemoryStorage(), dataFolder: data, kinds: kinds, clock: clock)
        _ = try laundry.adopt(PetSettings(name: try PetName("Socks")))
        _ = try laundry.adopt(PetSettings(name: try PetName("Sheets"), kind: "sheets"))
        let steps: [(Double, PetAction, String)] = [
            (0, .wash(.minutes(45)), "socks"), (0, .wash(.minutes(45)), "sheets"),
            (2700 + 600, .dry(.minutes(60)), "socks"), (2700 + 3000, .dry(.minutes(60)), "sheets"),
            (3300 + 3600 + 1200, .fold, "socks"), (5700 + 3600 + 1800, .fold, "sheets"),
            (20_000, .wash(.minutes(45)), "socks"), (22_700 + 1800, .dry(.minutes(60)), "socks"),
            (24_500 + 3600 + 5400, .fold, "socks"),
            (40_000, .wash(.minutes(45)), "sheets"), (40_000 + 2700 + 12_000, .fold, "sheets"),
        ]
        for (seconds, action, pet) in steps {
            clock.set(start.addingTimeInterval(seconds))
            _ = try laundry.perform(action, on: pet)
        }
        clock.set(start.addingTimeInterval(60_000))
        let zone = LocalZone(TimeZone(identifier: "UTC")!)
        let json = try JSONCoding.encoder().encode(StatsJSON(laundry.statistics(weeks: 16, zone: zone), zone: zone))
        let stats = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        XCTAssertNil(SchemaCheck.problems(String(decoding: json, as: UTF8.self), against: "stats"))
        // Every pet together: no name, as no one pet's row.
        let expected: [String: Any] = [
            "loads": 4, "medianWetWaitSeconds": (1800 + 3000) / 2, "longestWetWaitSeconds": 12_000,
            "foldedWithinAnHourShare": 0.667, "loadsPerWeek": 4,
        ]
        XCTAssertNil(JSONDifference.first(try XCTUnwrap(stats["loads"]), expected))
        let perPet = try XCTUnwrap(stats["loadsPerPet"] as? [[String: Any]])
        XCTAssertEqual(perPet.map { $0["name"] as? String }, ["Sheets", "Socks"])
        XCTAssertEqual(
            perPet.map { $0["petId"] as? String },
            try ["sheets", "socks"].map { try laundry.pet($0).pet.id.lowercasedText })
        XCTAssertEqual(perPet[1]["loadsPerWeek"] as? Double, 2, "two loads in its first week: two a week, not 2/16")
        XCTAssertNil((stats["loads"] as? [String: Any])?["petId"], "every pet together is no one pet's row")
        XCTAssertEqual(perPet[1]["medianWetWaitSeconds"] as? Double, (600 + 1800) / 2)
        XCTAssertEqual(perPet[1]["foldedWithinAnHourShare"] as? Double, 0.5)
    }
}
