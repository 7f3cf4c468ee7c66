import Foundation
import LaundryActions
import LaundryCore
import LaundryRendering
import LaundryTestSupport
import XCTest

/// `laundry plan --json` for plans made through `Laundry` on the in-memory storage: each stage's measured energy, the
/// cost of the measured stages and the stages left out of it, held to data/schema/plan.schema.json.
final class PlanJSONTests: XCTestCase {
    private let zone = LocalZone(TimeZone(identifier: "UTC")!)
    private var clock: ManualClock!
    private var laundry: Laundry!

    override func setUpWithError() throws {
        let data = SourceTree.root + "/data"
        let kinds = try JSONDecoder().decode(
            KindCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: data + "/kinds.json")))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("laundry-plan-json-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.json")
        try Data(#"{"price": {"perKWh": 0.4, "currency": "EUR"}}"#.utf8).write(to: config)
        clock = ManualClock(Fixtures.start)
        laundry = Laundry(
            storage: InMemoryStorage(), dataFolder: data, kinds: kinds, clock: clock, configPath: config.path)
        _ = try laundry.adopt(PetSettings(name: try PetName("Socks")))
    }

    /// The plan's JSON, checked against its schema.
    private func planJSON() throws -> [String: Any] {
        let (pet, plan, currency) = try laundry.plan(
            "socks", finishBy: TimeOfDay("08:00")!, maxWaitSeconds: LoadPlan.defaultMaxWaitSeconds, zone: zone)
        let text = try JSONOutput.text(PlanJSON(pet: pet, plan: plan, currency: currency))
        XCTAssertNil(SchemaCheck.problems(text, against: "plan"), text)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func test_aMeasuredWashIsPricedAndTheDryerNamedUnmeasured() throws {
        try laundry.measuredLoad("socks", clock: clock, washWh: 500, dryWh: nil)
        let json = try planJSON()
        XCTAssertEqual(try XCTUnwrap(json["cost"] as? Double), 0.2, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(json["costIfStartedNow"] as? Double), 0.2, accuracy: 1e-9)
        XCTAssertEqual(json["washEnergyWh"] as? Double, 500)
        XCTAssertTrue(json["dryEnergyWh"] is NSNull, "\(json)")
        XCTAssertEqual(json["unmeasured"] as? [String], ["dry"])
        XCTAssertEqual(json["currency"] as? String, "EUR")
    }

    func test_bothStagesMeasuredPriceTheWholeLoadAndNameNone() throws {
        try laundry.measuredLoad("socks", clock: clock, washWh: 500, dryWh: 1500)
        let json = try planJSON()
        XCTAssertEqual(try XCTUnwrap(json["cost"] as? Double), 0.8, accuracy: 1e-9)
        XCTAssertEqual(json["dryEnergyWh"] as? Double, 1500)
        XCTAssertEqual(json["unmeasured"] as? [String], [])
    }

    func test_nothingMeasuredGivesNoCostAndNamesBothStages() throws {
        try laundry.measuredLoad("socks", clock: clock, washWh: nil, dryWh: nil)
        let json = try planJSON()
        for key in ["cost", "costIfStartedNow", "washEnergyWh", "dryEnergyWh"] {
            XCTAssertTrue(json[key] is NSNull, "\(key): \(json)")
        }
        XCTAssertEqual(json["unmeasured"] as? [String], ["wash", "dry"])
    }
}
