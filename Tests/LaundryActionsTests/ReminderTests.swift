import Foundation
import LaundryActions
import LaundryCore
import XCTest

/// What this machine's daemon records of what it told the user: the finish announced, the reminders (nags) sent
/// about a load left waiting, the health warnings; and when the next reminder is due from those notes.
final class ReminderTests: LaundryTestCase {
    private let config = DaemonConfig.defaults

    /// Socks adopted and washed for a minute, the clock a second past the wash's end; the pet as the daemon sees it.
    private func finishedWash() throws -> PetState {
        let pet = try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 61)
        return try daemonView(pet.id)
    }

    /// The pet as the daemon reads and settles it, with this machine's notes.
    private func daemonView(_ id: UUID) throws -> PetState {
        var view = try XCTUnwrap(laundry.load(id).state)
        StageMachine.settle(&view, at: clock.now())
        return view
    }

    func test_anAnnouncedFinishIsNoLongerUnannounced() throws {
        let view = try finishedWash()
        let load = try XCTUnwrap(view.unannouncedFinish)
        let announced = try laundry.recordAnnouncement(
            finishedTimer: load.id, nagged: false, at: clock.now(), settled: view)
        XCTAssertEqual(announced.notes.announcedLoad, load.id)
        XCTAssertEqual(announced.notes.announcedEnd, load.endsAt)
        XCTAssertEqual(announced.notes.loadReminder?.sent, 0, "the announcement is not a reminder")
        XCTAssertNil(try daemonView(view.pet.id).unannouncedFinish, "kept in this machine's notes")
    }

    func test_anAnnouncementOfAnotherLoadRecordsNothing() throws {
        let view = try finishedWash()
        let state = try laundry.recordAnnouncement(finishedTimer: UUID(), nagged: false, at: clock.now(), settled: view)
        XCTAssertNil(state.notes.announcedLoad)
        XCTAssertNotNil(try daemonView(view.pet.id).unannouncedFinish)
    }

    func test_eachNagCountsOneReminderAndWhenItWasSent() throws {
        var view = try finishedWash()
        view = try laundry.recordAnnouncement(
            finishedTimer: view.load?.id, nagged: false, at: clock.now(), settled: view)
        clock.advance(by: 900)
        view = try laundry.recordAnnouncement(finishedTimer: nil, nagged: true, at: clock.now(), settled: view)
        clock.advance(by: 900)
        view = try laundry.recordAnnouncement(finishedTimer: nil, nagged: true, at: clock.now(), settled: view)
        let reminder = try XCTUnwrap(try daemonView(view.pet.id).notes.loadReminder)
        XCTAssertEqual(reminder.sent, 2)
        XCTAssertEqual(reminder.lastAt, clock.now())
        XCTAssertEqual(reminder.loadID, view.load?.id)
    }

    func test_theFirstReminderIsDueOneIntervalAfterTheAnnouncement() throws {
        var view = try finishedWash()
        view = try laundry.recordAnnouncement(
            finishedTimer: view.load?.id, nagged: false, at: clock.now(), settled: view)
        XCTAssertEqual(
            Reminders.nextNag(for: try daemonView(view.pet.id), config: config),
            clock.now().addingTimeInterval(config.nagInterval))
    }

    func test_noReminderIsDueOnceTheLimitIsSent() throws {
        var view = try finishedWash()
        for _ in 0..<config.nagLimit {
            clock.advance(by: config.nagInterval)
            view = try laundry.recordAnnouncement(finishedTimer: nil, nagged: true, at: clock.now(), settled: view)
        }
        XCTAssertEqual(try daemonView(view.pet.id).notes.loadReminder?.sent, config.nagLimit)
        XCTAssertNil(Reminders.nextNag(for: try daemonView(view.pet.id), config: config))
    }

    func test_aSnoozeLongerThanTheIntervalPushesTheNextReminderBack() throws {
        var view = try finishedWash()
        view = try laundry.recordAnnouncement(
            finishedTimer: view.load?.id, nagged: false, at: clock.now(), settled: view)
        _ = try laundry.perform(.snooze(.minutes(60)), on: "socks")
        XCTAssertEqual(
            Reminders.nextNag(for: try daemonView(view.pet.id), config: config), clock.now().addingTimeInterval(3600))
    }

    func test_aSnoozeEndedEarlyBringsTheNextReminderBackToItsInterval() throws {
        var view = try finishedWash()
        view = try laundry.recordAnnouncement(
            finishedTimer: view.load?.id, nagged: false, at: clock.now(), settled: view)
        _ = try laundry.perform(.snooze(.minutes(60)), on: "socks")
        clock.advance(by: 60)
        let woken = try laundry.perform(.endSnooze, on: "socks")
        XCTAssertNil(woken.pet.reminders.snoozedUntil)
        XCTAssertEqual(
            Reminders.nextNag(for: try daemonView(view.pet.id), config: config),
            clock.now().addingTimeInterval(config.nagInterval - 60))
        XCTAssertEqual(try historyKinds("Socks").suffix(2), [.snoozed, .snoozeEnded])
    }

    func test_aFoldEndsTheReminders() throws {
        var view = try finishedWash()
        view = try laundry.recordAnnouncement(
            finishedTimer: view.load?.id, nagged: false, at: clock.now(), settled: view)
        _ = try laundry.perform(.fold, on: "socks")
        XCTAssertNil(Reminders.nextNag(for: try daemonView(view.pet.id), config: config))
    }

    func test_aHealthWarningGoesOutOnceWhenHealthReaches25() throws {
        let pet = try adopt("Socks")
        clock.advance(by: 0.7 * 5 * 86_400)
        XCTAssertNil(try laundry.recordHealth(pet.id, at: clock.now(), config: config, quietHours: false).warning)
        clock.advance(by: 0.1 * 5 * 86_400)
        let first = try laundry.recordHealth(pet.id, at: clock.now(), config: config, quietHours: false)
        XCTAssertEqual(first.warning, 25)
        XCTAssertEqual(first.state?.notes.warningsSent, [25])
        let again = try laundry.recordHealth(pet.id, at: clock.now(), config: config, quietHours: false)
        XCTAssertNil(again.warning, "sent once")
    }

    func test_onlyTheWorstThresholdCrossedGoesOut() throws {
        let pet = try adopt("Socks")
        clock.advance(by: 0.92 * 5 * 86_400)
        let result = try laundry.recordHealth(pet.id, at: clock.now(), config: config, quietHours: false)
        XCTAssertEqual(result.warning, 10)
        XCTAssertEqual(result.state?.notes.warningsSent, [25, 10], "the milder one is not sent after it")
    }

    func test_quietHoursHoldAHealthWarningUntilTheyEnd() throws {
        let pet = try adopt("Socks")
        clock.advance(by: 0.8 * 5 * 86_400)
        XCTAssertNil(try laundry.recordHealth(pet.id, at: clock.now(), config: config, quietHours: true).warning)
        XCTAssertEqual(try laundry.recordHealth(pet.id, at: clock.now(), config: config, quietHours: false).warning, 25)
    }

    func test_aSnoozeHoldsAHealthWarningUntilItEnds() throws {
        let pet = try adopt("Socks")
        clock.advance(by: 0.8 * 5 * 86_400)
        _ = try laundry.perform(.snooze(.minutes(30)), on: "socks")
        XCTAssertNil(try laundry.recordHealth(pet.id, at: clock.now(), config: config, quietHours: false).warning)
        clock.advance(by: 1800)
        XCTAssertEqual(try laundry.recordHealth(pet.id, at: clock.now(), config: config, quietHours: false).warning, 25)
    }

    func test_aRunningLoadHoldsHealthWarnings() throws {
        let pet = try adopt("Socks")
        clock.advance(by: 0.8 * 5 * 86_400)
        _ = try laundry.perform(.wash(.minutes(45)), on: "socks")
        XCTAssertNil(try laundry.recordHealth(pet.id, at: clock.now(), config: config, quietHours: false).warning)
    }

    func test_aFoldReArmsTheWarningsSent() throws {
        let pet = try adopt("Socks")
        clock.advance(by: 0.8 * 5 * 86_400)
        _ = try laundry.recordHealth(pet.id, at: clock.now(), config: config, quietHours: false)
        try washAndFold("socks", minutes: 1)
        let after = try laundry.recordHealth(pet.id, at: clock.now(), config: config, quietHours: false)
        XCTAssertNil(after.warning)
        XCTAssertEqual(after.state?.notes.warningsSent, [])
    }
}
