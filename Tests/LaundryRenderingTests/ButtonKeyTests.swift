import Foundation
import LaundryCore
import LaundryRendering
import LaundryTestSupport
import XCTest

/// One source for the button vocabulary: every key `data/messages.json` uses means an operation (or
/// an acknowledgement), and every operation a button can mean is a command a person can type.
final class ButtonKeyTests: XCTestCase {
    /// The operation a button key performs, if it performs one.
    private func action(_ key: String) -> PetAction? {
        guard case .perform(let action)? = ButtonKey(rawValue: key)?.response else { return nil }
        return action
    }

    private func keysInMessages() throws -> Set<String> {
        let url = URL(fileURLWithPath: SourceTree.root + "/data/messages.json")
        let catalog = try JSONDecoder().decode(MessageCatalog.self, from: Data(contentsOf: url))
        let templates = [
            catalog.washDone, catalog.dryDone, catalog.extraDryDone, catalog.warning25, catalog.warning10,
            catalog.warning5, catalog.warning0, catalog.nagWashed, catalog.nagDried, catalog.test,
        ]
        return Set(templates.flatMap { $0.actions.map(\.key) })
    }

    func test_everyKeyInTheMessagesMapsToAnOperation() throws {
        let keys = try keysInMessages()
        XCTAssertFalse(keys.isEmpty)
        for key in keys {
            XCTAssertNotNil(action(key), "button '\(key)' in messages.json does nothing")
        }
    }

    func test_everyOperationKeyIsUsedAndNamesACommand() throws {
        let keys = try keysInMessages()
        for button in ButtonKey.allCases {
            switch button.response {
            case .perform(let performed):
                // The live card's buttons (LiveCard) and Home Assistant's, offered while a load runs.
                let whileRunning = Set(LiveCard.buttonKeys)
                XCTAssertTrue(
                    keys.contains(button.rawValue) || whileRunning.contains(button),
                    "'\(button.rawValue)' is in no notification")
                XCTAssertNotNil(Move(rawValue: performed.move.rawValue))
                XCTAssertEqual(action(button.rawValue), performed, "and back")
            case .acknowledge:
                XCTAssertEqual(button.rawValue, "default", "only a click on the popup just acknowledges")
                XCTAssertNil(action(button.rawValue))
            }
        }
        XCTAssertNil(action("explode"))
    }
}
