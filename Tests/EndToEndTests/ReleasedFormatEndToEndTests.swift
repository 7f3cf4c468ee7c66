import Foundation
import LaundryTestSupport
import XCTest

/// Every released format stays readable: `Tests/Fixtures/<version>/` holds a household's files as
/// that version wrote them and what it printed; today's binary reads the same pets, loads, history,
/// household and prices from them, and can go on changing them.
final class ReleasedFormatEndToEndTests: XCTestCase {
    private static let versions = ["0.1.0"]

    func test_everyReleasedFormatReadsAsItsVersionShowedIt() throws {
        for version in Self.versions {
            let fixture = SourceTree.root + "/Tests/Fixtures/" + version
            let home = try Self.copy(fixture)
            let shown = { (name: String) in
                Self.keys(
                    try JSONSerialization.jsonObject(
                        with: Data(contentsOf: URL(fileURLWithPath: fixture + "/shown/" + name))),
                    { Self.renamed[$0] ?? $0 })
            }
            for command in ["status", "list", "loads", "history", "household"] {
                var read = Self.keys(home.json(command, environment: Self.then) as Any) {
                    Self.added.contains($0) ? nil : $0
                }
                // 0.1.0 left a released pet's past out of the history; today's keeps it, its release last.
                if command == "history", let events = read as? [[String: Any]] {
                    let pets = Set(
                        ((try shown("history.json")) as? [[String: Any]] ?? []).map { "\($0["petId"] ?? "")" })
                    let released = events.filter { !pets.contains("\($0["petId"] ?? "")") }
                    XCTAssertEqual(released.first?["event"] as? String, "released", "\(version): history")
                    read = events.filter { pets.contains("\($0["petId"] ?? "")") }
                }
                XCTAssertNil(
                    JSONDifference.first(read, Self.structured(try shown(command + ".json")), tolerance: 0.5),
                    "\(version): laundry \(command) --json")
            }
            try home.writeConfig(
                #"{"priceTopic": "energy/price", "mqtt": {"url": "mqtt://127.0.0.1:1"}, "person": "Ana"}"#)
            let plan = Self.keys(home.json("plan", "Wool", "--finish-by", "15:00", environment: Self.then) as Any) {
                Self.addedToPlan.contains($0) ? nil : $0
            }
            XCTAssertNil(
                JSONDifference.first(plan, try shown("plan-wool.json"), tolerance: 0), "\(version): plan")
            // And the records take today's changes.
            home.ok("fold", "Bedding", environment: Self.then)
            let bedding = home.pet("Bedding", environment: Self.then)
            XCTAssertEqual(bedding["stage"] as? String, "idle", "\(version): fold")
        }
    }

    /// 0.1.0 printed `--json` before its vocabulary was made one (data/schema/, issue 47): its keys by today's names,
    /// and the keys added since (`loadId` in history is the load's, where `timerId` is its washer's or dryer's run).
    private static let renamed = [
        "petID": "petId", "timerID": "timerId", "dryerStartedAt": "dryStartedAt", "dryerEndedAt": "dryEndedAt",
        "dryerSeconds": "drySeconds", "dryerStartedOn": "dryStartedOn", "dryerProgramme": "dryProgramme",
        "extraDryingSeconds": "extraDrySeconds",
    ]
    private static let added: Set = ["loadId", "dueAt", "settings", "waitsForDryer"]
    /// And `plan`'s since schema plan/2: each stage's measured energy and the stages its cost leaves out.
    private static let addedToPlan: Set = ["washEnergyWh", "dryEnergyWh", "unmeasured"]

    /// 0.1.0's history gave a `set`'s programmes as text, `eco=8100 quick=-`; today's, an object of seconds (null:
    /// removed).
    private static func structured(_ value: Any) -> Any {
        if let list = value as? [Any] { return list.map(structured) }
        guard var object = value as? [String: Any] else { return value }
        if let text = object["programmes"] as? String {
            var programmes: [String: Any] = [:]
            for pair in text.split(separator: " ") {
                let parts = pair.split(separator: "=")
                programmes[String(parts[0])] =
                    parts.count > 1 ? Double(parts[1]).map { $0 as Any } ?? NSNull() : NSNull()
            }
            object["programmes"] = programmes
        }
        return object
    }

    /// `value` with every object's keys through `name` (nil: left out).
    private static func keys(_ value: Any, _ name: (String) -> String?) -> Any {
        if let list = value as? [Any] { return list.map { keys($0, name) } }
        guard let object = value as? [String: Any] else { return value }
        return Dictionary(
            uniqueKeysWithValues: object.compactMap { key, value in name(key).map { ($0, keys(value, name)) } })
    }

    /// The moment the fixtures' `shown/` was printed.
    private static let then = ["LAUNDRY_FAKE_NOW": "2026-11-05T12:00:00Z"]

    /// The fixture's folders as a machine has them: the shared home, Ana's state and settings.
    private static func copy(_ fixture: String) throws -> LaundryHome {
        let home = LaundryHome()
        try FileManager.default.removeItem(atPath: home.data)
        try FileManager.default.copyItem(atPath: fixture + "/home", toPath: home.data)
        try FileManager.default.copyItem(atPath: fixture + "/state", toPath: home.path + "/state")
        try FileManager.default.copyItem(atPath: fixture + "/config", toPath: home.path + "/config")
        return home
    }
}
