import Foundation
import LaundryCore
import XCTest

/// One source for the button vocabulary: every key `data/messages.json` uses means an operation (or
/// an acknowledgement), and every operation a button can mean is a command a person can type.
final class ButtonKeyTests: XCTestCase {
    private func keysInMessages() throws -> Set<String> {
        let url = URL(fileURLWithPath: LaundryTestCase.dataFolder + "/messages.json")
        let catalog = try JSONDecoder().decode(MessageCatalog.self, from: Data(contentsOf: url))
        let templates = [
            catalog.washDone, catalog.dryDone, catalog.extraDryDone, catalog.warning25, catalog.warning10,
            catalog.warning5, catalog.warning0, catalog.nagWashed, catalog.nagDried, catalog.test,
        ]
        return Set(templates.flatMap { $0.actions.map { $0[0] } })
    }

    func test_everyKeyInTheMessagesMapsToAnOperation() throws {
        let keys = try keysInMessages()
        XCTAssertFalse(keys.isEmpty)
        for key in keys {
            XCTAssertNotNil(PetAction(buttonKey: key), "button '\(key)' in messages.json does nothing")
        }
    }

    func test_everyOperationKeyIsUsedAndNamesACommand() throws {
        let keys = try keysInMessages()
        for button in ButtonKey.allCases {
            switch button.response {
            case .perform(let action):
                XCTAssertTrue(keys.contains(button.rawValue), "'\(button.rawValue)' is in no notification")
                XCTAssertNotNil(Move(rawValue: action.move.rawValue))
                XCTAssertEqual(PetAction(buttonKey: button.rawValue), action, "and back")
            case .acknowledge:
                XCTAssertEqual(button.rawValue, "default", "only a click on the popup just acknowledges")
                XCTAssertNil(PetAction(buttonKey: button.rawValue))
            }
        }
        XCTAssertNil(PetAction(buttonKey: "explode"))
    }
}
