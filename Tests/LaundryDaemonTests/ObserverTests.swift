import Foundation
import LaundryActions
import LaundryCore
import LaundryRendering
import LaundryStore
import LaundryTestSupport
import XCTest

@testable import LaundryDaemon

/// Each surface beyond the popups learns of the pets by the engine's events alone: fed events here,
/// without an engine.
final class ObserverTests: XCTestCase {
    private let start = Fixtures.start
    private let log = RecordedLog()

    private func moment(_ seconds: Double = 0, hook: [String]? = ["/bin/true"]) -> Moment {
        var config = DaemonConfig()
        config.hook = hook
        return Moment(
            now: start.addingTimeInterval(seconds), quiet: false, config: config,
            zone: LocalZone(TimeZone(identifier: "UTC")!))
    }

    private func writer() throws -> AnnouncementWriter {
        AnnouncementWriter(messages: try MessageCatalog.load(from: DataDirectory(path: SourceTree.root + "/data")))
    }

    /// Socks, its wash started `startedAt` seconds in, for `minutes`.
    private func washing(_ name: String = "Socks", at startedAt: Double = 0, minutes: Int = 60) -> PetState {
        var state = PetState(pet: Pet(name: try! PetName(name), kind: Fixtures.clothes, createdAt: start))
        _ = try! StageMachine.wash(&state, for: .minutes(minutes), at: start.addingTimeInterval(startedAt))
        return state
    }

    private func reference(_ state: PetState) -> PetReference {
        PetReference(id: state.pet.id, name: state.pet.identity.name)
    }

    // MARK: The hook

    func test_theHookIsToldOfLoadsAcknowledgementsAndSleepAndNothingElse() throws {
        let hooks = RecordingHooks()
        let observer = HookObserver(launcher: hooks, writer: try writer()) { $0.kind == .wash ? $0.id : nil }
        let state = washing()
        let load = try XCTUnwrap(state.load)
        observer.observe(.seen(state), at: moment())
        observer.observe(.load(.started(load), pet: reference(state)), at: moment())
        observer.observe(.load(.changed(load, .paused), pet: reference(state)), at: moment(60))
        observer.observe(.acknowledged(load, pet: reference(state)), at: moment(3600))
        observer.observe(.goingToSleep(running: [(reference(state), load)]), at: moment(60))
        observer.observe(.gone(state.pet.id), at: moment(3700))
        XCTAssertEqual(
            hooks.runs.map(\.event.event), ["loadStarted", "loadChanged", "loadAcknowledged", "sleeping"])
        XCTAssertEqual(hooks.runs.map { $0.event.load?.id }.prefix(3), [load.id, load.id, load.id])
        XCTAssertEqual(hooks.runs.first?.command, ["/bin/true"])
    }

    /// A dryer's load is found by reading its pet's history: once per run, not once per event about it.
    func test_aDryerRunsLoadIsLookedUpOnceAndNamedInEveryEvent() throws {
        let hooks = RecordingHooks()
        let washLoad = UUID()
        var lookups: [UUID] = []
        let observer = HookObserver(launcher: hooks, writer: try writer()) { run in
            lookups.append(run.id)
            return run.kind == .wash ? run.id : washLoad
        }
        var state = washing(minutes: 1)
        _ = StageMachine.settle(&state, at: start.addingTimeInterval(120))
        _ = try StageMachine.dry(&state, for: .minutes(30), at: start.addingTimeInterval(120))
        let dryer = try XCTUnwrap(state.load)
        observer.observe(.load(.started(dryer), pet: reference(state)), at: moment(120))
        observer.observe(.load(.changed(dryer, .paused), pet: reference(state)), at: moment(180))
        observer.observe(.goingToSleep(running: [(reference(state), dryer)]), at: moment(240))
        observer.observe(.acknowledged(dryer, pet: reference(state)), at: moment(3600))
        XCTAssertEqual(
            hooks.runs.map { $0.event.load?.loadID ?? $0.event.running.first?.loadID },
            Array(repeating: washLoad, count: 4))
        XCTAssertEqual(hooks.runs.map { $0.event.environment["LAUNDRY_TIMER_ID"] ?? "" }.first, dryer.id.lowercasedText)
        XCTAssertEqual(lookups, [dryer.id])
    }

    func test_withoutAHookNothingRuns() throws {
        let hooks = RecordingHooks()
        let observer = HookObserver(launcher: hooks, writer: try writer()) { $0.kind == .wash ? $0.id : nil }
        let state = washing()
        observer.observe(.load(.started(try XCTUnwrap(state.load)), pet: reference(state)), at: moment(hook: nil))
        XCTAssertTrue(hooks.runs.isEmpty)
    }

    // MARK: Live cards

    /// The pets as the engine holds them, told by the events fed here: what the observers read when they draw.
    private let pets = SeenPets()

    private func cardObserver(_ cards: RecordingNotifier) -> LiveCardObserver {
        LiveCardObserver(
            notifier: cards, clock: ManualClock(start), logger: log.logger, serverShowsButtons: { true },
            loads: pets.liveLoad(of:), press: { _, _ in })
    }

    func test_aCardIsShownForALoadSeenRunningAndWithdrawnWhenItIsGone() throws {
        let cards = RecordingNotifier()
        let observer = cardObserver(cards)
        let state = washing()
        observer.observe(pets.seen(state), at: moment(5))
        XCTAssertEqual(cards.shown.map(\.loadID), [state.load?.id])
        observer.observe(pets.seen(state), at: moment(6))
        XCTAssertEqual(cards.shown.count, 1, "the same words are not sent again")
        observer.observe(pets.gone(state.pet.id), at: moment(7))
        XCTAssertEqual(cards.closed, [state.pet.id])
        XCTAssertNil(observer.nextWake, "nothing left to count down")
    }

    /// Loads started at different seconds share one wake a minute: their cards move together.
    func test_everyCardMovesOnTheSameMinute() throws {
        let cards = RecordingNotifier()
        let observer = cardObserver(cards)
        let loads = [washing("A", at: 3), washing("B", at: 17), washing("C", at: 41)]
        for state in loads { observer.observe(pets.seen(state), at: moment(45)) }
        XCTAssertEqual(observer.nextWake, start.addingTimeInterval(60), "the next minute, for all three")
        observer.wake(at: moment(60))
        XCTAssertEqual(observer.nextWake, start.addingTimeInterval(120))
        let sent = cards.shown.count
        for second in stride(from: 61.0, to: 120, by: 1) {
            XCTAssertFalse(observer.nextWake.map { $0 <= start.addingTimeInterval(second) } ?? false)
        }
        observer.wake(at: moment(120))
        XCTAssertGreaterThan(cards.shown.count, sent, "a minute later, each card says a minute less")
    }

    /// A card is drawn from the load as the engine holds it when drawn, not from a copy kept since the last event.
    func test_aCardIsDrawnFromTheEnginesLoadAtTheMinute() throws {
        let cards = RecordingNotifier()
        let observer = cardObserver(cards)
        var state = washing()
        observer.observe(pets.seen(state), at: moment(5))
        _ = try StageMachine.extend(&state, by: 600, at: start.addingTimeInterval(30))
        _ = pets.seen(state)  // The engine holds the longer load; its event has not reached this observer yet.
        observer.wake(at: moment(60))
        let load = try XCTUnwrap(state.liveLoad)
        let drawn = LiveCard.content(
            for: load, petName: "Socks", at: start.addingTimeInterval(60), zone: moment().zone, buttons: true)
        XCTAssertEqual(cards.shown.last, drawn)
    }

    func test_theFinishWithdrawsTheCard() throws {
        let cards = RecordingNotifier()
        let observer = cardObserver(cards)
        var state = washing(minutes: 1)
        observer.observe(pets.seen(state), at: moment(5))
        StageMachine.settle(&state, at: start.addingTimeInterval(60))
        let announcement = Announcement(
            petID: state.pet.id, petName: "Socks", health: 100, reason: .finished(.wash, .onTime), load: state.load)
        observer.observe(.announced(try writer().words(for: announcement)), at: moment(60))
        XCTAssertEqual(cards.closed, [state.pet.id])
    }

    // MARK: Plasma's jobs

    func test_aJobFollowsTheRunningLoad() throws {
        let jobs = RecordingJobs()
        let observer = PlasmaJobObserver(tracker: jobs, loads: pets.liveLoad(of:), press: { _, _ in })
        var state = washing()
        observer.observe(pets.seen(state), at: moment(5))
        _ = try StageMachine.pause(&state, at: start.addingTimeInterval(10))
        observer.observe(pets.seen(state), at: moment(10))
        XCTAssertEqual(jobs.shown.map(\.suspended), [false, true])
        _ = try StageMachine.cancel(&state, at: start.addingTimeInterval(20))
        observer.observe(pets.seen(state), at: moment(20))
        XCTAssertEqual(jobs.finished, [state.pet.id])
    }
}

/// What the engine holds of each pet, as told by the events a test feeds the observers.
final class SeenPets {
    private var states: [UUID: PetState] = [:]

    func seen(_ state: PetState) -> EngineEvent {
        states[state.pet.id] = state
        return .seen(state)
    }

    func gone(_ pet: UUID) -> EngineEvent {
        states[pet] = nil
        return .gone(pet)
    }

    /// As `DaemonEngine.liveLoad(of:)`, the pet's load while it runs or is paused (whether it has ended is for
    /// `RunningLoads` to tell, at the moment it draws).
    func liveLoad(of pet: UUID) -> (name: String, load: Load)? {
        guard let state = states[pet], let load = state.liveLoad else { return nil }
        return (state.pet.identity.name, load)
    }
}

/// Records what a progress list was asked to show.
final class RecordingJobs: JobTracker {
    private(set) var shown: [JobFace] = []
    private(set) var finished: [UUID] = []
    var onPause: ((UUID) -> Void)?
    var onResume: ((UUID) -> Void)?

    func show(_ face: JobFace, for pet: UUID) { shown.append(face) }
    func finish(_ pet: UUID) { finished.append(pet) }
}
