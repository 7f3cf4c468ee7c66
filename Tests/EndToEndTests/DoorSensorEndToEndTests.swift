import Foundation
import LaundryTestSupport
import XCTest

/// A contact sensor on the washer's door, as zigbee2mqtt publishes it through a real Mosquitto (`{"contact": false}`
/// when it is open): opening it after the finish takes the load out on every surface; while it runs, nothing.
final class DoorSensorEndToEndTests: BrokerTestCase {
    private let topic = "zigbee2mqtt/washer_door"

    func test_theDoorOpeningAfterTheFinishTakesTheLoadOutAndWhileItRunsChangesNothing() throws {
        home.logsJSON()
        try home.writeConfig(
            #"{"sound": false, "headsUpMinutes": 0, "# + broker.settings()
                + #", "appliances": {"washer": {"doorTopic": "\#(topic)"}}}"#)
        home.ok("daemon", "start")
        XCTAssertTrue(waitUntil(8) { self.bridging }, log)
        let name = "Door \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "3s")
        broker.publish(topic, #"{"contact": true, "battery": 97, "linkquality": 120}"#)
        broker.publish(topic, #"{"contact": false, "battery": 97, "linkquality": 120}"#)
        let opened = ["surface": "appliance", "appliance": "washer", "event": "doorOpened"]
        XCTAssertTrue(waitUntil(5) { self.logged(opened.merging(["load": "none"]) { $1 }) == 1 }, log)
        XCTAssertEqual(home.pet(name)["stage"] as? String, "washing", "opened while it runs: nothing")
        broker.publish(topic, #"{"contact": true}"#)
        XCTAssertTrue(waitUntil(8) { home.pet(name)["stage"] as? String == "washed" }, log)
        XCTAssertTrue(waitUntil(5) { self.logged(["pet": name, "event": "washDone", "shown": "true"]) == 1 }, log)
        broker.publish(topic, #"{"contact": false}"#)
        XCTAssertTrue(waitUntil(5) { self.logged(opened.merging(["through": "mqtt", "pet": name]) { $1 }) == 1 }, log)
        let history = try XCTUnwrap(home.json("history", name) as? [[String: Any]])
        let unloaded = try XCTUnwrap(history.first { $0["event"] as? String == "unloaded" }, "\(history)")
        XCTAssertEqual(unloaded["appliance"] as? String, "washer")
        XCTAssertTrue(
            waitUntil(5) { self.logged(["surface": "popup", "pet": name, "withdrawn": "true"]) == 1 }, log)
        // A payload without the field is said once, and changes nothing.
        broker.publish(topic, #"{"battery": 96}"#)
        broker.publish(topic, #"{"battery": 95}"#)
        let unreadable = ["surface": "appliance", "appliance": "washer", "event": "doorUnreadable"]
        XCTAssertTrue(waitUntil(5) { self.logged(unreadable) == 1 }, log)
        XCTAssertEqual(home.pet(name)["stage"] as? String, "washed")
    }
}
