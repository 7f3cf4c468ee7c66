import Foundation
import LaundryActions
import LaundryCore
import XCTest

/// Settling is a view: a finished load and a lost streak are seen by every reader the same way
/// and written by nobody until the pet next changes.
final class SettlingTests: LaundryTestCase {
    func test_aFinishedLoadIsSeenAndInHistoryOnceWithoutAnyReadWriting() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 120)
        let before = written()
        for _ in 0..<3 { _ = laundry.pets() }
        XCTAssertEqual(try historyKinds("Socks"), [.adopted, .washStarted, .washDone])
        let state = try laundry.pet("socks")
        XCTAssertEqual(state.pet.cycle.stage, .washed)
        XCTAssertEqual(state.finishedLoad?.endsAt, start.addingTimeInterval(60))
        XCTAssertNotNil(state.unannouncedFinish, "left for the notification service to announce")
        XCTAssertEqual(written(), before, "reads write nothing")
    }

    func test_aRefusedMoveWritesNothingAndTheViewStillSettles() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 120)
        let before = written()
        XCTAssertThrowsError(try laundry.perform(.moreDry(nil), on: "socks")) { error in
            guard case .illegalMove(.moreDry, _, .washed, _)? = error as? PetError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(written(), before)
        XCTAssertEqual(try laundry.pet("socks").pet.cycle.stage, .washed)
        XCTAssertEqual(try historyKinds("Socks"), [.adopted, .washStarted, .washDone])
    }

    func test_theNextChangeWritesTheFinishItSettledOnce() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 120)
        _ = try laundry.perform(.dry(nil), on: "socks")
        XCTAssertEqual(try historyKinds("Socks"), [.adopted, .washStarted, .washDone, .dryStarted])
        let written = storage.histories(try laundry.pet("socks").pet.id).joined()
        XCTAssertEqual(written.filter { $0.event == .washDone }.count, 1, "written once, by the dry")
    }

    func test_aLostStreakIsSeenAndInHistoryOnce() throws {
        try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        _ = try laundry.perform(.fold, on: "socks")
        XCTAssertEqual(try laundry.pet("socks").pet.cycle.currentStreak, 1)
        clock.advance(by: 30 * 86_400)
        for _ in 0..<2 { _ = laundry.pets() }
        XCTAssertEqual(try laundry.pet("socks").pet.cycle.currentStreak, 0)
        XCTAssertEqual(try historyKinds("Socks").filter { $0 == .died }.count, 1)
    }

    func test_aButtonAndItsCommandDoTheSame() throws {
        let pet = try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 61)
        guard case .perform(let action) = ButtonKey.dry.response else { return XCTFail("dry performs nothing") }
        let state = try laundry.perform(action, onPet: pet.id)
        XCTAssertEqual(state.pet.cycle.stage, .drying)
        XCTAssertEqual(try historyKinds("Socks"), [.adopted, .washStarted, .washDone, .dryStarted])
    }

    /// An announcement is written from the view the daemon announced from, its notes included:
    /// the notes are read once, with the records, not again to write them.
    func test_anAnnouncementIsWrittenFromTheNotesItWasDecidedOn() throws {
        let pet = try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 61)
        var view = try XCTUnwrap(laundry.load(pet.id).state)
        StageMachine.settle(&view, at: clock.now())
        let first = try laundry.recordAnnouncement(finishedTimer: nil, nagged: true, at: clock.now(), settled: view)
        XCTAssertEqual(first.notes.loadReminder?.sent, 1)
        XCTAssertEqual(laundry.load(pet.id).state?.notes.loadReminder?.sent, 1, "written")
        // The same view again: what the file says now (one reminder) is not read back in.
        let again = try laundry.recordAnnouncement(finishedTimer: nil, nagged: true, at: clock.now(), settled: view)
        XCTAssertEqual(again.notes.loadReminder?.sent, 1)
    }
}
