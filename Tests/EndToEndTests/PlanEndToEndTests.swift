import Foundation
import LaundryTestSupport
import XCTest

/// `laundry plan` with the real binary on a shifted clock: a night tariff, quiet hours, the wet
/// wait, a start that does not fit, and a price series heard from a real Mosquitto.
final class PlanEndToEndTests: XCTestCase {
    /// 2027-01-15 18:00 UTC, a Friday evening.
    private let evening = "2027-01-15T18:00:00Z"

    private func home(_ config: String) throws -> LaundryHome {
        let home = LaundryHome()
        try home.writeConfig(config)
        home.ok("adopt", "Socks", "--wash", "1h", "--dry", "1h30m", environment: clock)
        return home
    }

    private var clock: [String: String] { ["LAUNDRY_FAKE_NOW": evening, "TZ": "UTC"] }

    private static let tariff =
        #""price": {"perKWh": 0.35, "currency": "EUR"}, "tariff": [{"from": "23:00", "to": "06:00", "perKWh": 0.15}, "#
        + #"{"from": "06:00", "to": "23:00", "perKWh": 0.35}]"#

    func test_aNightTariffPlanAsTextAndJSON() throws {
        let home = try home("{" + Self.tariff + "}")
        let text = home.ok("plan", "Socks", "--finish-by", "07:00", environment: clock).stdout
        // The washer's start, the dryer's and the end, in local time (the words: Tests/Golden/outputs.txt).
        XCTAssertEqual(shownTimes(text), ["23:00", "Sat 00:00", "Sat 01:30"], text)
        let json = try XCTUnwrap(
            home.json("plan", "Socks", "--finish-by", "07:00", environment: clock) as? [String: Any])
        XCTAssertEqual(
            Set(json.keys),
            [
                "petId", "petName", "washStartsAt", "dryStartsAt", "endsAt", "cost", "costIfStartedNow", "currency",
                "washEnergyWh", "dryEnergyWh", "unmeasured",
            ])
        XCTAssertEqual(json["washStartsAt"] as? String, "2027-01-15T23:00:00.000Z")
        XCTAssertEqual(json["dryStartsAt"] as? String, "2027-01-16T00:00:00.000Z")
        XCTAssertEqual(json["endsAt"] as? String, "2027-01-16T01:30:00.000Z")
        XCTAssertTrue(json["cost"] is NSNull, "no measured energy: no cost")
        XCTAssertEqual(json["unmeasured"] as? [String], ["wash", "dry"])
        XCTAssertEqual(json["currency"] as? String, "EUR")
    }

    func test_quietHoursKeepTheStartsOutAndNoFitExitsOne() throws {
        let home = try home(#"{"# + Self.tariff + #", "quietHours": {"from": "22:00", "to": "07:00"}}"#)
        let json = try XCTUnwrap(
            home.json("plan", "Socks", "--finish-by", "23:59", environment: clock) as? [String: Any])
        // The night rate starts at 23:00, inside quiet hours: both starts stay before 22:00.
        let dry = try XCTUnwrap(json["dryStartsAt"] as? String)
        XCTAssertLessThan(dry, "2027-01-15T22:00:00.000Z", "\(json)")
        let refused = home.run(["plan", "Socks", "--finish-by", "19:00"], environment: clock)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("19:00"), "names the finish asked for: \(refused.stderr)")
        XCTAssertEqual(refused.stderr.split(separator: "\n").count, 1, refused.stderr)
        let malformed = home.run(["plan", "Socks", "--finish-by", "7am"], environment: clock)
        XCTAssertEqual(malformed.status, 64, malformed.stderr)
    }

    /// A damaged prices.json is named in one line; the plan goes on from config.json's prices.
    func test_anUnreadablePricesFileIsNamedAndTheTariffStillPlans() throws {
        let home = try home("{" + Self.tariff + "}")
        let file = home.path + "/state/laundry/prices.json"
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("{\"slots\": [{\"start\": 3".utf8).write(to: URL(fileURLWithPath: file))
        let result = home.run(["plan", "Socks", "--finish-by", "07:00", "--json"], environment: clock)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["washStartsAt"] as? String, "2027-01-15T23:00:00.000Z", "the tariff's night")
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("laundry: warning: "), result.stderr)
        XCTAssertTrue(result.stderr.contains(file), "names the file: \(result.stderr)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), Data("{\"slots\": [{\"start\": 3".utf8))
    }
}

/// A price series heard on the broker by the real daemon reaches `laundry plan`.
final class PlanPriceTopicEndToEndTests: BrokerTestCase {
    func test_aSeriesPublishedOnThePriceTopicDecidesThePlan() throws {
        home.logsJSON()
        let topic = "homestream/sensor/electricity_price/attributes"
        try home.writeConfig(
            #"{"sound": false, "# + broker.settings() + #", "price": {"currency": "EUR"}, "priceTopic": "\#(topic)"}"#)
        let clock = ["LAUNDRY_FAKE_NOW": "2027-01-15T18:00:00Z", "TZ": "UTC"]
        home.ok("adopt", "Socks", "--wash", "1h", "--dry", "1h", environment: clock)
        home.ok("daemon", "start")
        XCTAssertTrue(
            waitUntil(8) { (self.home.daemonStatus["broker"] as? [String: Any])?["role"] as? String == "bridging" }, log
        )
        // Dear in the evening, dearer at midnight, cheap from 02:00 to 05:00.
        let series = """
            [{"start": "2027-01-15T18:00:00Z", "end": "2027-01-15T23:00:00Z", "price": 0.4},
             {"start": "2027-01-15T23:00:00Z", "end": "2027-01-16T02:00:00Z", "price": 0.31},
             {"start": "2027-01-16T02:00:00Z", "end": "2027-01-16T05:00:00Z", "price": 0.08},
             {"start": "2027-01-16T05:00:00Z", "end": "2027-01-16T09:00:00Z", "price": 0.3}]
            """
        // Before any price: the earliest start that fits, at no known cost.
        let unpriced = try XCTUnwrap(
            home.json("plan", "Socks", "--finish-by", "07:00", environment: clock) as? [String: Any])
        // Now, on the shifted clock, to the next whole minute.
        let earliest = try XCTUnwrap(unpriced["washStartsAt"] as? String)
        XCTAssertTrue(["2027-01-15T18:00:00.000Z", "2027-01-15T18:01:00.000Z"].contains(earliest), earliest)
        XCTAssertTrue(unpriced["cost"] is NSNull)
        broker.publish(topic, series)
        let file = home.path + "/state/laundry/prices.json"
        XCTAssertTrue(waitUntil(5) { FileManager.default.fileExists(atPath: file) }, log)
        let plan = try XCTUnwrap(
            home.json("plan", "Socks", "--finish-by", "07:00", environment: clock) as? [String: Any])
        XCTAssertEqual(plan["washStartsAt"] as? String, "2027-01-16T02:00:00.000Z", "the cheapest slot: \(plan)")
        XCTAssertEqual(plan["dryStartsAt"] as? String, "2027-01-16T03:00:00.000Z")
        broker.publish(topic, "not a price")
        let warned = { self.home.daemonEvents(["level": "warning"]).filter { $0["message"]?.contains(topic) == true } }
        XCTAssertTrue(waitUntil(3) { warned().count == 1 }, log)
        XCTAssertEqual(
            (home.json("plan", "Socks", "--finish-by", "07:00", environment: clock) as? [String: Any])?["washStartsAt"]
                as? String, "2027-01-16T02:00:00.000Z", "a bad message changes nothing")
    }

    /// Home Assistant's "best start" sensor: discovered as a timestamp, it follows the series the
    /// daemon hears, with the dryer's start, the end and the costs as attributes.
    func test_theBestStartSensorFollowsThePricesHeard() throws {
        let topic = "homestream/sensor/electricity_price/attributes"
        let utc = TimeZone(identifier: "UTC")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        // Planned to be done by four hours from now (the daemon runs on the real clock, in UTC).
        let minute = (Date().timeIntervalSince1970 / 60).rounded(.up) * 60
        let base = Date(timeIntervalSince1970: minute + 180)
        let finish = calendar.dateComponents([.hour, .minute], from: base.addingTimeInterval(4 * 3600))
        let finishBy = String(format: "%02d:%02d", finish.hour ?? 0, finish.minute ?? 0)
        try home.writeConfig(
            #"{"sound": false, "# + broker.settings()
                + #", "price": {"currency": "EUR"}, "priceTopic": "\#(topic)", "planFinishBy": "\#(finishBy)"}"#)
        home.ok("adopt", "Socks", "--wash", "30m", "--dry", "30m")
        let id = try XCTUnwrap(home.pet("Socks")["id"] as? String)
        let node = "laundry_" + id.replacingOccurrences(of: "-", with: "")
        let discovery = try broker.collect("homeassistant/sensor/\(node)/best_start/config")
        home.ok("daemon", "start", environment: ["TZ": "UTC"])
        XCTAssertTrue(waitUntil(8) { !discovery.messages.isEmpty }, log)
        let config = try XCTUnwrap(discovery.messages.last?.json)
        XCTAssertEqual(config["device_class"] as? String, "timestamp")
        let sensor = try broker.collect(try XCTUnwrap(config["state_topic"] as? String))
        let state = try broker.collect(try XCTUnwrap(config["json_attributes_topic"] as? String))

        // Dear, then cheap for an hour from an hour after `base`, then dear again.
        func time(_ offset: Double) -> String {
            ISO8601DateFormatter().string(from: base.addingTimeInterval(offset * 60))
        }
        broker.publish(
            topic,
            """
            [{"start": "\(time(-30))", "end": "\(time(60))", "price": 0.4},
             {"start": "\(time(60))", "end": "\(time(120))", "price": 0.05},
             {"start": "\(time(120))", "end": "\(time(600))", "price": 0.4}]
            """)
        let expected = ISO8601DateFormatter().string(from: base.addingTimeInterval(3600))
        // Planned again within seconds of the prices (at most every 5 s, however often they come).
        XCTAssertTrue(
            waitUntil(10) { sensor.messages.last?.payload == expected },
            "best start \(sensor.messages.last?.payload ?? "none"), expected \(expected): \(log)")
        let plan = try XCTUnwrap(state.messages.last?.json?["plan"] as? [String: Any])
        XCTAssertEqual(
            plan["dry_starts_at"] as? String, ISO8601DateFormatter().string(from: base.addingTimeInterval(5400)))
        XCTAssertEqual(plan["ends_at"] as? String, ISO8601DateFormatter().string(from: base.addingTimeInterval(7200)))
        XCTAssertEqual(plan["finish_by"] as? String, finishBy)
        XCTAssertEqual(plan["currency"] as? String, "EUR")
        XCTAssertEqual(state.messages.last?.json?["best_start"] as? String, expected)
    }
}
