import Foundation
import LaundryCore
import XCTest

/// What laundry sends Home Assistant, and how long it waits before trying again.
final class HomeAssistantRequestsTests: XCTestCase {
    private func object(_ text: String) -> JSONTree? { JSONTree.read(Array(text.utf8)) }

    func test_theLogin_carriesTheTokenAndNoID() {
        XCTAssertEqual(
            object(HomeAssistantRequests.auth(token: "abc.def-ghi_/\"x")),
            .object(["type": .string("auth"), "access_token": .string("abc.def-ghi_/\"x")]))
    }

    func test_commands_areNumberedFromOne_inOrder() {
        var requests = HomeAssistantRequests()
        let subscription = requests.subscribeEntities(["sensor.washer_door", "sensor.washer_operation_state"])
        let ping = requests.ping()
        XCTAssertEqual(subscription.id, 1)
        XCTAssertEqual(
            object(subscription.text),
            .object([
                "id": .number(1), "type": .string("subscribe_entities"),
                "entity_ids": .array([.string("sensor.washer_door"), .string("sensor.washer_operation_state")]),
            ]))
        XCTAssertEqual(ping.id, 2)
        XCTAssertEqual(object(ping.text), .object(["id": .number(2), "type": .string("ping")]))
        XCTAssertEqual(requests.lastID, 2)
    }

    func test_theBackOff_doublesFromOneSecond_andNeverPassesThirtySeconds() {
        XCTAssertEqual(
            (1...9).map { HomeAssistantBackOff.seconds(afterFailures: $0) }, [1, 2, 4, 8, 16, 30, 30, 30, 30])
        XCTAssertEqual(HomeAssistantBackOff.seconds(afterFailures: Int.max), 30)
    }
}
