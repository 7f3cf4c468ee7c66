import Foundation
import LaundryCore
import XCTest

/// The edges integrations get wrong, each decided once: what a run of reports asks of the load.
final class MachineFollowerTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let connect = MachinePreset.homeConnect.states
    private let matter = MachinePreset.matter.states

    private func at(_ minutes: Double) -> Date { now.addingTimeInterval(minutes * 60) }

    private func running(endingAt minutes: Double?) -> MachineReport {
        MachineReport(activity: .running, endsAt: minutes.map(at))
    }

    func test_aStartThenItsEndThenAChangedProgrammeMoveTheLoad() {
        var follower = MachineFollower()
        XCTAssertEqual(
            follower.read(running(endingAt: 95), states: connect, loadEnd: nil, followed: false, at: now),
            [.started, .end(at(95))])
        XCTAssertEqual(
            follower.read(running(endingAt: 95.2), states: connect, loadEnd: at(95), followed: true, at: at(1)), [],
            "Home Connect's minute-by-minute drift of seconds is not written")
        XCTAssertEqual(
            follower.read(running(endingAt: 110), states: connect, loadEnd: at(95), followed: true, at: at(2)),
            [.end(at(110))], "a rinse added")
    }

    func test_anEndAlreadyPastWhileItRunsIsShownAMinuteAheadNeverInThePast() {
        var follower = MachineFollower()
        _ = follower.read(running(endingAt: 10), states: connect, loadEnd: nil, followed: false, at: now)
        XCTAssertEqual(
            follower.read(running(endingAt: 10), states: connect, loadEnd: at(10), followed: true, at: at(10.5)),
            [.end(at(11.5))])
        XCTAssertEqual(follower.keepAhead(loadEnd: at(11.5), at: at(11.3)), at(12.3))
        XCTAssertNil(follower.keepAhead(loadEnd: at(11.5), at: at(10.6)), "half a minute ahead still")
    }

    func test_aNullCountdownKeepsLaundrysOwnEndUntilItPasses() {
        var follower = MachineFollower()
        XCTAssertEqual(
            follower.read(running(endingAt: nil), states: matter, loadEnd: at(60), followed: false, at: now), [.started]
        )
        XCTAssertEqual(
            follower.read(running(endingAt: nil), states: matter, loadEnd: at(60), followed: true, at: at(60.5)),
            [.end(at(61.5))])
    }

    func test_aFinishReportedWhileMostOfTheProgrammeIsLeftIsIgnored() {
        var follower = MachineFollower()
        _ = follower.read(running(endingAt: 90), states: connect, loadEnd: nil, followed: false, at: now)
        let early = MachineReport(activity: .finished, endsAt: at(88))
        XCTAssertEqual(
            follower.read(early, states: connect, loadEnd: at(90), followed: true, at: at(2)), [.finishIgnored])
        XCTAssertEqual(
            follower.read(early, states: connect, loadEnd: at(90), followed: true, at: at(3)), [], "doubted once")
        XCTAssertNil(follower.keepAhead(loadEnd: at(90), at: at(90)), "a doubted finish is not kept running")
        XCTAssertEqual(
            follower.read(running(endingAt: 88), states: connect, loadEnd: at(90), followed: true, at: at(4)),
            [.started, .end(at(88))], "it ran on after all (load sensing): its end again")
        XCTAssertEqual(
            follower.read(
                MachineReport(activity: .finished, endsAt: at(88)), states: connect, loadEnd: at(88), followed: true,
                at: at(87)),
            [.finished], "finished within its end's slack: believed")
        var stuck = MachineFollower()
        _ = stuck.read(running(endingAt: 90), states: connect, loadEnd: nil, followed: false, at: now)
        _ = stuck.read(early, states: connect, loadEnd: at(90), followed: true, at: at(2))
        XCTAssertEqual(
            stuck.read(early, states: connect, loadEnd: at(88), followed: true, at: at(86)), [.finished],
            "its end came: the doubted finish is believed")
    }

    func test_matterAndSmartThingsFinishWhenARunStops() {
        var follower = MachineFollower()
        _ = follower.read(running(endingAt: nil), states: matter, loadEnd: nil, followed: false, at: now)
        XCTAssertEqual(
            follower.read(MachineReport(activity: .idle), states: matter, loadEnd: at(60), followed: true, at: at(50)),
            [.finished])
        var idle = MachineFollower()
        XCTAssertEqual(
            idle.read(MachineReport(activity: .idle), states: matter, loadEnd: at(60), followed: false, at: now), [],
            "a stopped machine says nothing of a load it never ran")
        var connectIdle = MachineFollower()
        _ = connectIdle.read(running(endingAt: 30), states: connect, loadEnd: nil, followed: false, at: now)
        XCTAssertEqual(
            connectIdle.read(
                MachineReport(activity: .idle), states: connect, loadEnd: at(30), followed: true, at: at(5)),
            [.stoppedUnfinished], "Home Connect's ready after a run is a cancel, not a finish: laundry's own timer")
        var paused = MachineFollower()
        _ = paused.read(running(endingAt: 30), states: connect, loadEnd: nil, followed: false, at: now)
        _ = paused.read(MachineReport(activity: .paused), states: connect, loadEnd: at(30), followed: true, at: at(1))
        XCTAssertEqual(
            paused.read(MachineReport(activity: .idle), states: connect, loadEnd: at(30), followed: true, at: at(2)),
            [.stoppedUnfinished], "a paused run cancelled on the machine does not leave the load paused")
    }

    func test_aFinishMissedWhileTheDaemonWasAwayEndsTheLoadItFollowed() {
        var follower = MachineFollower()
        XCTAssertEqual(
            follower.read(MachineReport(activity: .idle), states: matter, loadEnd: at(60), followed: true, at: now),
            [.finished])
        var finished = MachineFollower()
        XCTAssertEqual(
            finished.read(
                MachineReport(activity: .finished), states: connect, loadEnd: at(60), followed: true, at: now),
            [.finished])
    }

    func test_anEndThatJumpsByWholeHoursIsTakenOnlyWhenTheMachineAgrees() {
        var follower = MachineFollower()
        _ = follower.read(running(endingAt: 60), states: connect, loadEnd: nil, followed: false, at: now)
        XCTAssertEqual(
            follower.read(running(endingAt: 120), states: connect, loadEnd: at(60), followed: true, at: at(1)),
            [.jumpHeld(at(120))], "an hour later with nothing else changed: a time change read wrong")
        XCTAssertEqual(
            follower.read(running(endingAt: 60), states: connect, loadEnd: at(60), followed: true, at: at(2)), [],
            "it said the old end again: the jump is forgotten")
        XCTAssertEqual(
            follower.read(running(endingAt: 120), states: connect, loadEnd: at(60), followed: true, at: at(3)),
            [.jumpHeld(at(120))])
        XCTAssertEqual(
            follower.read(running(endingAt: 120), states: connect, loadEnd: at(60), followed: true, at: at(4)),
            [.end(at(120))], "said twice: the machine's end")
        // The end entity itself must say it again: another entity's news re-reading the same stale end is no repeat.
        var stale = MachineFollower()
        func jumped(_ stamp: Double) -> MachineReport {
            var report = running(endingAt: 120)
            report.endChangedAt = Date(timeIntervalSince1970: stamp)
            return report
        }
        _ = stale.read(running(endingAt: 60), states: connect, loadEnd: nil, followed: false, at: now)
        XCTAssertEqual(
            stale.read(jumped(1), states: connect, loadEnd: at(60), followed: true, at: at(1)), [.jumpHeld(at(120))])
        XCTAssertEqual(
            stale.read(jumped(1), states: connect, loadEnd: at(60), followed: true, at: at(2)), [.jumpHeld(at(120))])
        XCTAssertEqual(
            stale.read(jumped(2), states: connect, loadEnd: at(60), followed: true, at: at(3)), [.end(at(120))])
        var restarted = MachineFollower()
        _ = restarted.read(running(endingAt: 60), states: connect, loadEnd: nil, followed: false, at: now)
        _ = restarted.read(
            MachineReport(activity: .paused), states: connect, loadEnd: at(60), followed: true, at: at(1))
        XCTAssertEqual(
            restarted.read(running(endingAt: 181), states: connect, loadEnd: at(60), followed: true, at: at(1.5)),
            [.resumed, .end(at(181))], "with its state changing too, an end two hours on is believed at once")
    }

    func test_pausesResumeAndErrorsPauseTheLoad() {
        var follower = MachineFollower()
        _ = follower.read(running(endingAt: 60), states: connect, loadEnd: nil, followed: false, at: now)
        XCTAssertEqual(
            follower.read(
                MachineReport(activity: .paused), states: connect, loadEnd: at(60), followed: true, at: at(5)),
            [.paused])
        XCTAssertEqual(
            follower.read(
                MachineReport(activity: .failed), states: connect, loadEnd: at(60), followed: true, at: at(6)),
            [])
        XCTAssertEqual(
            follower.read(running(endingAt: 70), states: connect, loadEnd: at(60), followed: true, at: at(10)),
            [.resumed, .end(at(70))])
    }

    func test_aMachineStuckOnRunningIsHeldForThreeHoursAtMost() {
        var follower = MachineFollower()
        _ = follower.read(running(endingAt: 10), states: connect, loadEnd: nil, followed: false, at: now)
        XCTAssertNotNil(follower.keepAhead(loadEnd: at(10), at: at(10)))
        XCTAssertFalse(follower.heldTooLong(at: at(10 + 179)))
        XCTAssertTrue(follower.heldTooLong(at: at(10 + 180)))
        _ = follower.read(running(endingAt: 400), states: connect, loadEnd: at(190), followed: true, at: at(190))
        XCTAssertFalse(follower.heldTooLong(at: at(191)), "a new end from the machine: it is not stuck")
    }

    func test_unavailableIsLostOnceAndTheDoorCountsOnlyWhenItOpens() {
        var follower = MachineFollower()
        _ = follower.read(running(endingAt: 60), states: connect, loadEnd: nil, followed: false, at: now)
        XCTAssertEqual(
            follower.read(MachineReport(), states: connect, loadEnd: at(60), followed: true, at: at(1)), [.lost])
        XCTAssertEqual(follower.read(MachineReport(), states: connect, loadEnd: at(60), followed: true, at: at(2)), [])
        XCTAssertEqual(
            follower.read(running(endingAt: 60), states: connect, loadEnd: at(60), followed: true, at: at(3)), [],
            "back, still running: no new start")
        var door = MachineFollower()
        let closed = MachineReport(activity: .finished, doorOpen: false)
        let open = MachineReport(activity: .finished, doorOpen: true)
        _ = door.read(closed, states: connect, loadEnd: nil, followed: false, at: now)
        XCTAssertEqual(door.read(open, states: connect, loadEnd: nil, followed: false, at: at(1)), [.doorOpened])
        XCTAssertEqual(door.read(open, states: connect, loadEnd: nil, followed: false, at: at(2)), [])
        var alreadyOpen = MachineFollower()
        let openAtFirst = MachineReport(activity: .idle, doorOpen: true)
        XCTAssertEqual(
            alreadyOpen.read(openAtFirst, states: connect, loadEnd: nil, followed: false, at: now), [],
            "open when first heard: not an opening")
    }
}
