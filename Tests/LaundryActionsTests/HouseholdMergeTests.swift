import Foundation
import LaundryActions
import LaundryCore
import LaundryStore
import LaundryTestSupport
import XCTest

/// Machines of one household changing the same pet while out of touch, by the real way in on real
/// files; each writes only its own files, and once the files have crossed, every machine shows the
/// same pet and the same history, whatever order they arrived in.
final class HouseholdMergeTests: XCTestCase {
    let start = Fixtures.start

    /// A and B in step, each with "Socks", washed.
    private func inStep(offsetOfB: TimeInterval = 0) throws -> (Household, Household.Machine, Household.Machine) {
        let household = try Household(devices: ["aaaa000000000001", "bbbb000000000002"], offsets: [0, offsetOfB])
        let (a, b) = (household.machines[0], household.machines[1])
        _ = try a.laundry.adopt(PetSettings(name: try PetName("Socks")))
        _ = try a.laundry.perform(.wash(.minutes(1)), on: "Socks")
        a.clock.advance(by: 61)
        b.clock.advance(by: 61)
        household.deliverAll()
        return (household, a, b)
    }

    /// Delivers everything, in both orders for the two machines' files, and checks every machine
    /// shows the same; returns what they show.
    private func converged(
        _ household: Household, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (state: PetState?, history: [HistoryEvent.Kind], view: String) {
        household.deliverAll()
        let moment = start.addingTimeInterval(86_400)
        let views = try household.machines.map { try household.view(of: $0, at: moment) }
        XCTAssertEqual(
            Set(views).count, 1, "every machine shows the same:\n\(views.joined(separator: "\n====\n"))", file: file,
            line: line)
        let laundry = household.machines[0].laundry
        let history = try laundry.history(nil, limit: nil).map(\.event.event).reversed()
        return (laundry.pets().first, Array(history), views[0])
    }

    func test_aDryerStartedOnOneAndARenameOnTheOtherAreBothKept() throws {
        let (household, a, b) = try inStep()
        _ = try a.laundry.perform(.dry(.minutes(60)), on: "Socks")
        b.clock.advance(by: 5)
        _ = try b.laundry.configure("Socks", PetSettings(name: try PetName("Sox")))
        let result = try converged(household)
        XCTAssertEqual(result.state?.pet.identity.name, "Sox")
        XCTAssertEqual(result.state?.load?.kind, .dry, "the dryer, with one end time on every machine")
        XCTAssertTrue(result.history.contains(.dryStarted) && result.history.contains(.renamed), "\(result.history)")
        XCTAssertFalse(result.history.contains(.superseded), "nothing lost: \(result.history)")
    }

    func test_aCancelAndAPauseASecondLaterThePauseWinsAndTheCancelIsSuperseded() throws {
        let (household, a, b) = try inStep()
        _ = try a.laundry.perform(.dry(.minutes(60)), on: "Socks")
        household.deliverAll()
        a.clock.advance(by: 10)
        b.clock.advance(by: 11)
        _ = try a.laundry.perform(.cancel, on: "Socks")
        _ = try b.laundry.perform(.pause, on: "Socks")
        let result = try converged(household)
        XCTAssertEqual(result.state?.pet.cycle.stage, .drying)
        XCTAssertEqual(result.state?.load?.isPaused, true)
        XCTAssertEqual(result.history.filter { $0 == .superseded }.count, 1, "\(result.history)")
        let superseded = try XCTUnwrap(
            try a.laundry.history(nil, limit: nil).first { $0.event.event == .superseded }?.event)
        XCTAssertEqual(superseded.detail, .lost(event: .cancelled, part: .cycle))
        XCTAssertEqual(superseded.device, "aaaa000000000001")
    }

    func test_aTieIsBrokenByTheDeviceIdTheSameWayOnBoth() throws {
        let (household, a, b) = try inStep()
        _ = try a.laundry.perform(.snooze(.minutes(5)), on: "Socks")
        let expected = try b.laundry.perform(.snooze(.minutes(50)), on: "Socks").pet.reminders.snoozedUntil
        let result = try converged(household)
        XCTAssertEqual(result.state?.pet.reminders.snoozedUntil, expected, "the greater device id")
    }

    /// B's clock is five minutes behind A's; a change B makes after seeing A's still wins, because
    /// a stamp is later than every stamp its machine has seen for that part.
    func test_aChangeMadeAfterSeeingAnotherWinsEvenOnAClockBehind() throws {
        let (household, a, b) = try inStep(offsetOfB: -300)
        _ = try a.laundry.perform(.snooze(.minutes(5)), on: "Socks")
        household.deliverAll()
        b.clock.advance(by: 1)
        let expected = try b.laundry.perform(.snooze(.minutes(50)), on: "Socks").pet.reminders.snoozedUntil
        let result = try converged(household)
        XCTAssertEqual(result.state?.pet.reminders.snoozedUntil, expected)
        XCTAssertFalse(result.history.contains(.superseded), "A's snooze was seen, not lost: \(result.history)")
    }

    func test_aReleaseWinsOverEarlierChangesAndLosesToALaterOneMadeOutOfTouch() throws {
        let (household, a, b) = try inStep()
        b.clock.advance(by: 10)
        _ = try b.laundry.configure("Socks", PetSettings(name: try PetName("Sox")))
        a.clock.advance(by: 20)
        _ = try a.laundry.release("Socks")
        var result = try converged(household)
        XCTAssertNil(result.state, "released after the rename: gone everywhere")

        let (again, c, d) = try inStep()
        c.clock.advance(by: 10)
        _ = try c.laundry.release("Socks")
        d.clock.advance(by: 20)
        _ = try d.laundry.configure("Socks", PetSettings(name: try PetName("Sox")))
        result = try converged(again)
        XCTAssertEqual(result.state?.pet.identity.name, "Sox", "renamed after the release, out of touch: kept")
        XCTAssertTrue(result.history.contains(.released) && result.history.contains(.superseded), "\(result.history)")
    }

    func test_aMachineWritesOnlyItsOwnFiles() throws {
        let (household, a, b) = try inStep()
        defer { withExtendedLifetime(household) {} }
        let theirs = b.sharedItems().filter { $0.device != b.device }.map { ($0, b.storage.version(of: $0)) }
        _ = try b.laundry.perform(.dry(nil), on: "Socks")
        _ = try b.laundry.configure("Socks", PetSettings(name: try PetName("Sox")))
        for (item, version) in theirs { XCTAssertEqual(b.storage.version(of: item), version, "\(item)") }
        XCTAssertEqual(a.sharedItems().filter { $0.device == b.device }, [], "nothing crossed by itself")
    }

    func test_deliveringTwiceOrInAnotherOrderChangesNothing() throws {
        let (household, a, b) = try inStep()
        _ = try a.laundry.perform(.dry(.minutes(60)), on: "Socks")
        _ = try b.laundry.configure("Socks", PetSettings(name: try PetName("Sox")))
        let first = try converged(household).view
        household.deliverAll()
        household.deliverAll()
        XCTAssertEqual(try converged(household).view, first)
    }
}
