import Foundation
import LaundryActions
import LaundryCore
import XCTest

/// `Laundry` owns settling: a finished timer and a lost streak are written down once, by whoever
/// sees them first, and stay written whatever else happens.
final class SettlingTests: LaundryTestCase {
    func test_aFinishedTimerIsRecordedOnceInHistory() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 120)
        for _ in 0..<3 { _ = laundry.pets() }
        XCTAssertEqual(try historyKinds("Socks"), [.adopted, .washStarted, .washDone])
        let state = try laundry.pet("socks")
        XCTAssertEqual(state.pet.stage, .washed)
        XCTAssertEqual(state.timer?.finishedAt, start.addingTimeInterval(60))
        XCTAssertNotNil(state.unannouncedFinish, "left for the notification service to announce")
    }

    func test_aRefusedMoveStillKeepsWhatSettlingFound() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 120)
        XCTAssertThrowsError(try laundry.perform(.moreDry(nil), on: "socks")) { error in
            guard case .illegalMove(.moreDry, _, .washed, _)? = error as? PetError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try laundry.pet("socks").pet.stage, .washed)
        XCTAssertEqual(try historyKinds("Socks"), [.adopted, .washStarted, .washDone])
    }

    func test_aLostStreakIsRecordedOnce() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        _ = try laundry.perform(.fold, on: "socks")
        XCTAssertEqual(try laundry.pet("socks").pet.currentStreak, 1)
        clock.advance(by: 30 * 86_400)
        for _ in 0..<2 { _ = laundry.pets() }
        XCTAssertEqual(try laundry.pet("socks").pet.currentStreak, 0)
        XCTAssertEqual(try historyKinds("Socks").filter { $0 == .died }.count, 1)
    }

    func test_aButtonAndItsCommandDoTheSame() throws {
        let pet = try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 61)
        let action = try XCTUnwrap(PetAction(buttonKey: "dry"))
        let state = try laundry.perform(action, onPet: pet.id)
        XCTAssertEqual(state.pet.stage, .drying)
        XCTAssertEqual(try historyKinds("Socks"), [.adopted, .washStarted, .washDone, .dryStarted])
    }
}
