import Foundation
import LaundryCore
import LaundryTestSupport
import XCTest

final class StageMachineTests: XCTestCase {
    private let now = Fixtures.start

    private enum Move: String, CaseIterable {
        case wash, dry, moreDry, fold, cancel, pause, resume, extend, finish
    }

    private func apply(_ move: Move, _ state: inout PetState, at time: Date? = nil) throws -> [HistoryEvent] {
        let time = time ?? now
        switch move {
        case .wash: return try StageMachine.wash(&state, for: nil, at: time)
        case .dry: return try StageMachine.dry(&state, for: nil, at: time)
        case .moreDry: return try StageMachine.moreDry(&state, for: nil, at: time)
        case .fold: return try StageMachine.fold(&state, at: time)
        case .cancel: return try StageMachine.cancel(&state, at: time)
        case .pause: return try StageMachine.pause(&state, at: time)
        case .resume: return try StageMachine.resume(&state, at: time)
        case .extend: return try StageMachine.extend(&state, by: nil, at: time)
        case .finish: return try StageMachine.finish(&state, at: time)
        }
    }

    /// Every move from every stage: the legal ones reach the stage the design says, the others are
    /// refused and change nothing.
    func test_everyMoveFromEveryStage() throws {
        let legal: [Stage: [Move: Stage]] = [
            .idle: [.wash: .washing],
            .washing: [.cancel: .idle, .pause: .washing, .extend: .washing, .finish: .washed],
            .washed: [.dry: .drying, .fold: .idle],
            .drying: [.cancel: .washed, .pause: .drying, .extend: .drying, .finish: .dried],
            .dried: [.fold: .idle, .moreDry: .drying],
        ]
        for stage in Stage.allCases {
            for move in Move.allCases {
                var state = Fixtures.state(stage, at: now)
                let before = state
                if let target = legal[stage]?[move] {
                    let events = try apply(move, &state)
                    XCTAssertEqual(state.pet.cycle.stage, target, "\(move) from \(stage)")
                    XCTAssertFalse(events.isEmpty, "\(move) from \(stage) records an event")
                } else {
                    XCTAssertThrowsError(try apply(move, &state), "\(move) from \(stage) must be refused") { error in
                        guard let error = error as? PetError else { return XCTFail("\(error)") }
                        switch error {
                        case .illegalMove, .pausedTimer, .notPaused: break
                        default: XCTFail("unexpected \(error)")
                        }
                    }
                    XCTAssertEqual(state, before, "\(move) from \(stage) changed nothing")
                }
            }
        }
    }

    /// `extend` moves the end (or a paused load's time left); one that would end it now or before
    /// is refused and changes nothing; `finish` ends it now as if it had run out.
    func test_extendMovesTheEndAndFinishEndsTheLoadNow() throws {
        var state = Fixtures.state(.idle, at: now)
        _ = try StageMachine.wash(&state, for: .minutes(45), at: now)
        let end = try XCTUnwrap(state.liveLoad?.endsAt)
        let later = now.addingTimeInterval(600)
        var events = try StageMachine.extend(&state, by: nil, at: later)
        XCTAssertEqual(state.liveLoad?.endsAt, end.addingTimeInterval(600), "10 minutes unless told")
        XCTAssertEqual(state.liveLoad?.plannedSeconds, 3300, "the length grows: progress goes on from where it was")
        XCTAssertEqual(events.map(\.event), [.extended])
        XCTAssertEqual(events.first?.detail, .remaining(seconds: 2700, timer: .wash), "the time left now")
        _ = try StageMachine.extend(&state, by: -300, at: later)
        XCTAssertEqual(state.liveLoad?.endsAt, end.addingTimeInterval(300))
        let before = state
        XCTAssertThrowsError(try StageMachine.extend(&state, by: -2400, at: later)) { error in
            XCTAssertEqual(error as? PetError, .endBeforeNow(pet: "Socks", left: 2400, by: -2400))
        }
        XCTAssertThrowsError(try StageMachine.extend(&state, by: 24 * 3600, at: later)) { error in
            XCTAssertEqual(error as? PetError, .endTooFar(pet: "Socks", left: 2400, by: 24 * 3600))
        }
        XCTAssertEqual(state, before, "a refused extend changes nothing")
        _ = try StageMachine.pause(&state, at: later)
        _ = try StageMachine.extend(&state, by: 60, at: later.addingTimeInterval(999))
        XCTAssertEqual(state.liveLoad?.pausedRemaining, 2460, "paused: the time left changes")
        events = try StageMachine.finish(&state, at: later.addingTimeInterval(1000))
        XCTAssertEqual(events.map(\.event), [.finishedEarly, .washDone])
        XCTAssertEqual(events.first?.detail, .remaining(seconds: 2460, timer: .wash), "what was left")
        XCTAssertEqual(events.last?.at, later.addingTimeInterval(1000), "done now")
        XCTAssertEqual(state.pet.cycle.stage, .washed)
        XCTAssertNil(state.liveLoad)
    }

    func test_illegalMoveSaysWhatThePetIsDoingAndHowLongItsTimerHasLeft() {
        var idle = Fixtures.state(.idle)
        XCTAssertThrowsError(try StageMachine.dry(&idle, for: nil, at: now)) { error in
            XCTAssertEqual(error as? PetError, .illegalMove(.dry, pet: "Socks", stage: .idle, timerLeft: nil))
        }
        var washing = Fixtures.state(.washing)
        XCTAssertThrowsError(try StageMachine.wash(&washing, for: nil, at: now.addingTimeInterval(60))) { error in
            XCTAssertEqual(error as? PetError, .illegalMove(.wash, pet: "Socks", stage: .washing, timerLeft: 2640))
        }
    }

    func test_timerEndsAtAnAbsoluteTimeAndIsSettledOnce() throws {
        var state = Fixtures.state(.idle)
        _ = try StageMachine.wash(&state, for: .minutes(45), at: now)
        XCTAssertEqual(state.load?.endsAt, now.addingTimeInterval(2700))
        XCTAssertTrue(StageMachine.settle(&state, at: now.addingTimeInterval(2699.999)).isEmpty)
        XCTAssertEqual(state.pet.cycle.stage, .washing)
        let events = StageMachine.settle(&state, at: now.addingTimeInterval(2700))
        XCTAssertEqual(events.map(\.event), [.washDone])
        XCTAssertEqual(events.first?.at, now.addingTimeInterval(2700), "recorded at the deadline, not when seen")
        XCTAssertEqual(state.pet.cycle.stage, .washed)
        XCTAssertEqual(state.finishedLoad?.id, state.load?.id)
        XCTAssertNotNil(state.unannouncedFinish)
        XCTAssertTrue(StageMachine.settle(&state, at: now.addingTimeInterval(9999)).isEmpty, "never twice")
    }

    func test_aSuspendAcrossTheDeadlineFinishesTheTimerOnWake() throws {
        let clock = ManualClock(now)
        var state = Fixtures.state(.idle)
        _ = try StageMachine.wash(&state, for: .minutes(45), at: clock.now())
        clock.advance(by: 3 * 3600)  // asleep for three hours
        let events = StageMachine.settle(&state, at: clock.now())
        XCTAssertEqual(events.map(\.event), [.washDone])
        XCTAssertEqual(events.first?.at, now.addingTimeInterval(2700))
    }

    func test_aClockSetBackKeepsTheTimerRunning() throws {
        var state = Fixtures.state(.idle)
        _ = try StageMachine.wash(&state, for: .minutes(10), at: now)
        let setBack = now.addingTimeInterval(-3600)
        XCTAssertTrue(StageMachine.settle(&state, at: setBack).isEmpty)
        XCTAssertEqual(
            state.liveLoad?.remaining(at: setBack), 4200, "an absolute end: an hour back means an hour more")
    }

    func test_pauseAndResumeKeepTheRemainingTime() throws {
        var state = Fixtures.state(.idle)
        _ = try StageMachine.wash(&state, for: .minutes(45), at: now)
        _ = try StageMachine.pause(&state, at: now.addingTimeInterval(600))
        XCTAssertEqual(state.liveLoad?.remaining(at: now.addingTimeInterval(99_999)), 2100)
        XCTAssertTrue(
            StageMachine.settle(&state, at: now.addingTimeInterval(99_999)).isEmpty, "a paused timer never ends")
        XCTAssertThrowsError(try StageMachine.pause(&state, at: now.addingTimeInterval(700))) { error in
            XCTAssertEqual(error as? PetError, .alreadyPaused(pet: "Socks"))
        }
        let resumeAt = now.addingTimeInterval(86_400)  // paused across midnight
        _ = try StageMachine.resume(&state, at: resumeAt)
        XCTAssertEqual(state.load?.endsAt, resumeAt.addingTimeInterval(2100))
        XCTAssertEqual(state.load?.progress(at: resumeAt) ?? 0, 600.0 / 2700, accuracy: 0.0001)
        XCTAssertThrowsError(try StageMachine.resume(&state, at: resumeAt)) { error in
            XCTAssertEqual(error as? PetError, .notPaused(pet: "Socks"))
        }
    }

    func test_cancelReturnsToTheStageBeforeTheTimer() throws {
        var drying = Fixtures.state(.drying)
        _ = try StageMachine.cancel(&drying, at: now)
        XCTAssertEqual(drying.pet.cycle.stage, .washed)
        XCTAssertNil(drying.load)
        var extra = Fixtures.state(.dried)
        _ = try StageMachine.moreDry(&extra, for: nil, at: now)
        XCTAssertEqual(extra.load?.kind, .extraDry)
        XCTAssertEqual(extra.load?.endsAt, now.addingTimeInterval(600), "more-dry defaults to 10 minutes")
        _ = try StageMachine.cancel(&extra, at: now)
        XCTAssertEqual(extra.pet.cycle.stage, .dried)
    }

    func test_aStaleTimerFromAnInterruptedStartIsNotLive() throws {
        var state = Fixtures.state(.idle)
        state.load = Load(petID: state.pet.id, kind: .dry, startedAt: now, duration: .minutes(1))
        XCTAssertNil(state.liveLoad)
        XCTAssertTrue(StageMachine.settle(&state, at: now.addingTimeInterval(3600)).isEmpty)
        _ = try StageMachine.wash(&state, for: nil, at: now)
        XCTAssertEqual(state.load?.kind, .wash, "a new load replaces it")
    }

    func test_foldRestoresHealthAndGrowsStreak() throws {
        var state = Fixtures.state(.dried)
        let later = now.addingTimeInterval(8 * 86_400)
        _ = try StageMachine.fold(&state, at: later)
        XCTAssertEqual(state.pet.health(at: later), 100)
        XCTAssertEqual(state.pet.cycle.currentStreak, 1)
        XCTAssertEqual(state.pet.cycle.longestStreak, 1)
        XCTAssertEqual(state.pet.cycle.totalCycles, 1)
        XCTAssertEqual(state.pet.cycle.lastLaundryAt, later)
        XCTAssertNil(state.load, "the load is over")
    }

    func test_streakResetsWhenThePetDiesAndRestartsAtOne() throws {
        var state = Fixtures.state(.idle)
        for day in 0..<3 {
            let time = now.addingTimeInterval(Double(day) * 86_400)
            _ = try StageMachine.wash(&state, for: .minutes(1), at: time)
            StageMachine.settle(&state, at: time.addingTimeInterval(120))
            _ = try StageMachine.fold(&state, at: time.addingTimeInterval(120))
        }
        XCTAssertEqual(state.pet.cycle.currentStreak, 3)
        let afterDeath = now.addingTimeInterval(20 * 86_400)
        XCTAssertEqual(state.pet.streak(at: afterDeath), 0, "computed fresh, daemon or no daemon")
        let events = StageMachine.settle(&state, at: afterDeath)
        XCTAssertEqual(events.map(\.event), [.died])
        XCTAssertEqual(state.pet.cycle.currentStreak, 0)
        XCTAssertEqual(state.pet.cycle.longestStreak, 3)
        _ = try StageMachine.wash(&state, for: .minutes(1), at: afterDeath)
        StageMachine.settle(&state, at: afterDeath.addingTimeInterval(120))
        _ = try StageMachine.fold(&state, at: afterDeath.addingTimeInterval(120))
        XCTAssertEqual(state.pet.cycle.currentStreak, 1)
        XCTAssertEqual(state.pet.cycle.longestStreak, 3)
        XCTAssertEqual(state.pet.health(at: afterDeath.addingTimeInterval(120)), 100, "revived")
    }

    func test_foldingADeadPetWithoutSettlingStillStartsTheStreakAtOne() throws {
        var state = Fixtures.state(.washed)
        state.pet.cycle.currentStreak = 5
        _ = try StageMachine.fold(&state, at: now.addingTimeInterval(30 * 86_400))
        XCTAssertEqual(state.pet.cycle.currentStreak, 1)
    }

    func test_aDeathIsTheSameEventWhicheverMachineSeesIt() {
        var early = Fixtures.state(.idle)
        var late = early
        let cycle = early.pet.settings.cycleDays * 86_400
        early.pet.cycle.currentStreak = 2
        late.pet.cycle.currentStreak = 2
        let first = StageMachine.settle(&early, at: now.addingTimeInterval(cycle * 0.996))
        let second = StageMachine.settle(&late, at: now.addingTimeInterval(cycle * 3))
        XCTAssertEqual(first.map(\.event), [.died])
        XCTAssertEqual(first, second, "same time, same id")
    }

    func test_aLoadResumedElsewhereAfterAnEndSeenHereIsAnnouncedAgain() throws {
        var state = Fixtures.state(.washed)
        let timer = try XCTUnwrap(state.load)
        Reminders.recordAnnouncement(&state, at: now)
        XCTAssertNil(state.unannouncedFinish)
        var later = timer
        later.endsAt = timer.endsAt.addingTimeInterval(600)
        state.load = later
        XCTAssertNotNil(state.unannouncedFinish, "a later end of the same load")
    }
}
