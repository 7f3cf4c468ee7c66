import Foundation
import LaundryCore
import LaundryTestSupport
import XCTest

/// What the hook is told of a load between two readings of its pet.
final class LoadChangeTests: XCTestCase {
    private let now = Fixtures.start

    private func washing() throws -> PetState {
        var state = Fixtures.state(.idle, at: now)
        _ = try StageMachine.wash(&state, for: .minutes(45), at: now)
        return state
    }

    private func change(_ before: PetState, _ after: PetState, at time: Date? = nil) -> [LoadChange] {
        LoadChange.between(before, after, at: time ?? now)
    }

    func test_theSameLoadMovedPausedResumedOrEndedNowIsAChange() throws {
        let running = try washing()
        var extended = running
        _ = try StageMachine.extend(&extended, by: 600, at: now)
        XCTAssertEqual(change(running, extended), [.changed(extended.load!, .moved)])
        var paused = running
        _ = try StageMachine.pause(&paused, at: now)
        XCTAssertEqual(change(running, paused), [.changed(paused.load!, .paused)])
        var resumed = paused
        _ = try StageMachine.resume(&resumed, at: now.addingTimeInterval(60))
        XCTAssertEqual(change(paused, resumed, at: now.addingTimeInterval(60)), [.changed(resumed.load!, .moved)])
        var finished = running
        _ = try StageMachine.finish(&finished, at: now.addingTimeInterval(60))
        XCTAssertEqual(
            change(running, finished, at: now.addingTimeInterval(60)), [.changed(finished.load!, .finished)])
        var finishedWhilePaused = paused
        _ = try StageMachine.finish(&finishedWhilePaused, at: now.addingTimeInterval(60))
        XCTAssertEqual(
            change(paused, finishedWhilePaused, at: now.addingTimeInterval(60)),
            [.changed(finishedWhilePaused.load!, .finished)], "ended from paused is ended, not moved")
        XCTAssertEqual(change(running, running), [], "nothing changed")
    }

    func test_aPausedLoadThatIsCancelledStops() throws {
        var paused = try washing()
        _ = try StageMachine.pause(&paused, at: now)
        var cancelled = paused
        _ = try StageMachine.cancel(&cancelled, at: now)
        XCTAssertEqual(change(paused, cancelled), [.stopped(paused.load!, .cancelled)])
    }
}
