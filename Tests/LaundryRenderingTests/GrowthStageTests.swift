import Foundation
import LaundryActions
import LaundryCore
import LaundryRendering
import LaundryTestSupport
import XCTest

/// A running load grows a seed into a tree, a fifth at a time: in `status --json`, the table and a
/// bar's `{growth}` (LoadRecordTests checks each boundary to the second).
final class GrowthStageTests: XCTestCase {
    func test_theGrowthStageFollowsEachFifthOfTheLoad() throws {
        let data = SourceTree.root + "/data"
        let kinds = try JSONDecoder().decode(
            KindCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: data + "/kinds.json")))
        let clock = ManualClock(Fixtures.start)
        let laundry = Laundry(storage: InMemoryStorage(), dataFolder: data, kinds: kinds, clock: clock)
        _ = try laundry.adopt(PetSettings(name: try PetName("Socks")))
        _ = try laundry.perform(.wash(.minutes(50)), on: "Socks")
        func view(at seconds: Double) throws -> PetView {
            clock.set(Fixtures.start.addingTimeInterval(seconds))
            return PetView(state: try laundry.pet("Socks"), kinds: kinds, now: laundry.now)
        }
        func stage(at seconds: Double) throws -> Any? {
            let json = try JSONSerialization.jsonObject(
                with: try JSONCoding.encoder().encode(PetJSON(try view(at: seconds))))
            return (json as? [String: Any])?["growthStage"]
        }
        let bar = try BarTemplate("{growth} {name}").render(BarStatus(views: [try view(at: 0)], now: laundry.now))
        XCTAssertEqual(bar, "🌰 Socks")
        let checks: [(Double, Int)] = [
            (0, 1), (599, 1), (601, 2), (1199, 2), (1201, 3), (1799, 3), (1801, 4), (2399, 4), (2401, 5), (2999, 5),
        ]
        for (seconds, expected) in checks {
            XCTAssertEqual(try stage(at: seconds) as? Int, expected, "at \(seconds) s")
        }
        let table = PetTable(views: [try view(at: 1801)], style: Style(enabled: false)).render()
        XCTAssertTrue(table.contains("🪴"), table)
        XCTAssertTrue(try stage(at: 3001) is NSNull, "washed: no load growing")
    }
}
