import Foundation
import LaundryActions
import LaundryControl
import LaundryCore
import LaundryRendering
import XCTest

@testable import LaundryDaemon

/// The tray icon, told by the engine: what it is asked to show through a load and its finish, how often, and its
/// menu's buttons going through the popup's door.
final class EngineTrayTests: EngineTestCase {
    /// A tray item that records every view it is asked to show, and presses as a host's click would.
    final class RecordingTrayItem: TrayItem {
        var views: [TrayView?] = []
        var onPress: ((UUID, ButtonKey) -> Void)?
        var isShown = true
        var status = DaemonStatus.Tray(state: .shown)
        func show(_ view: TrayView?) { views.append(view) }
        var started = 0
        func start() { started += 1 }
        var last: TrayView? { views.last ?? nil }
        /// The views that differ from the one before: what a host would be sent.
        var changes: [TrayView] {
            var previous: TrayView?
            var found: [TrayView] = []
            for case let view? in views where view != previous {
                found.append(view)
                previous = view
            }
            return found
        }
    }

    private var item: RecordingTrayItem!

    private func engine(config: DaemonConfig = .withoutAlarms()) throws -> DaemonEngine {
        let engine = try makeEngine(config: config)
        item = RecordingTrayItem()
        engine.observers.append(TrayObserver(item: item, clock: clock, loads: { [unowned engine] in engine.liveLoads }))
        item.onPress = { [unowned engine] pet, key in engine.buttonPressed(petID: pet, action: key.rawValue) }
        return engine
    }

    func test_aWashAsTypedIsActiveThenAsksForAttentionAtItsFinishUntilAButtonDealsWithIt() throws {
        let engine = try engine()
        let socks = try adopt("Socks")
        engine.start()
        XCTAssertEqual(item.last?.status, .passive)
        try perform(.wash(nil), "Socks")
        engine.filesChanged([socks])
        let running = try XCTUnwrap(item.last)
        XCTAssertEqual(running.status, .active)
        XCTAssertFalse(running.label.isEmpty)
        XCTAssertEqual(running.sections.map(\.petID), [socks])
        let load = try XCTUnwrap(try state("Socks").load)
        advance(load.endsAt.timeIntervalSince(clock.now()) + 1, engine)
        let finished = try XCTUnwrap(item.last)
        XCTAssertEqual(finished.status, .needsAttention)
        XCTAssertEqual(finished.label, "")
        XCTAssertEqual(finished.sections.first?.buttons.map(\.key), [.dry, .airDry, .snooze, .click])
        // "Start dryer" in the menu: the dryer starts, and the finish no longer waits.
        item.onPress?(socks, .dry)
        XCTAssertEqual(try state("Socks").pet.cycle.stage, .drying)
        XCTAssertEqual(item.last?.status, .active)
        XCTAssertEqual(item.last?.sections.first?.buttons.map(\.key), [.extend, .pause, .finish])
    }

    func test_anAcknowledgementElsewhereEndsTheAttentionWhileTheLoadStaysWashed() throws {
        let engine = try engine()
        let socks = try adopt("Socks")
        try perform(.wash(.minutes(30)), "Socks")
        engine.start()
        advance(30 * 60 + 1, engine)
        XCTAssertEqual(item.last?.status, .needsAttention)
        // The popup's click (a button elsewhere, as Home Assistant's "got it" is).
        engine.buttonPressed(petID: socks, action: ButtonKey.click.rawValue)
        XCTAssertEqual(try state("Socks").pet.cycle.stage, .washed)
        XCTAssertEqual(item.last?.status, .passive)
        XCTAssertEqual(item.last?.sections, [])
    }

    func test_aButtonTheLoadNoLongerTakesIsRefusedAsAPopupsIs() throws {
        let engine = try engine()
        let socks = try adopt("Socks")
        try perform(.wash(.minutes(30)), "Socks")
        engine.start()
        try perform(.cancel, "Socks")
        engine.filesChanged([socks])
        // A stale "+10 min" clicked in a menu a host still shows: refused, nothing changes.
        item.onPress?(socks, .extend)
        XCTAssertEqual(try state("Socks").pet.cycle.stage, .idle)
        XCTAssertFalse(recordedLog.events(["refused": "true"]).isEmpty, "\(logLines)")
    }

    func test_threeLoadsMoveTheTrayOnceAMinuteAndNothingWhileNothingRuns() throws {
        let engine = try engine()
        for name in ["Socks", "Towels", "Sheets"] {
            try adopt(name)
            try perform(.wash(.minutes(40 + name.count)), name)
        }
        engine.start()
        let before = item.changes.count
        // Ten minutes in steps of 10 s: at most one change a minute, for all three loads together.
        for _ in 0..<60 { advance(10, engine) }
        let perMinute = item.changes.count - before
        XCTAssertGreaterThanOrEqual(perMinute, 9)
        XCTAssertLessThanOrEqual(perMinute, 10)
        for name in ["Socks", "Towels", "Sheets"] { try perform(.cancel, name) }
        engine.filesChanged(Set(try ["Socks", "Towels", "Sheets"].map { try state($0).pet.id }))
        XCTAssertEqual(item.last?.status, .passive)
        let idle = item.changes.count
        XCTAssertNil(engine.observers.compactMap(\.nextWake).first, "nothing runs: no minute to wake for")
        for _ in 0..<60 { advance(10, engine) }
        XCTAssertEqual(item.changes.count, idle, "nothing runs: nothing sent")
    }

    func test_noViewIsMadeUntilAPanelShowsTheIconThenThePresentIsShown() throws {
        let engine = try engine()
        item.isShown = false
        try adopt("Socks")
        try perform(.wash(.minutes(30)), "Socks")
        engine.start()
        advance(90, engine)
        XCTAssertGreaterThan(item.started, 0, "it looks for a panel")
        XCTAssertEqual(item.views.count, 0, "no view made while no panel shows it")
        XCTAssertNil(engine.observers.compactMap(\.nextWake).first, "and no minute woken for")
        // A panel takes it (the item's `onShown`): the view of now, not of the last event.
        item.isShown = true
        let tray = try XCTUnwrap(engine.observers.compactMap { $0 as? TrayObserver }.first)
        clock.advance(by: 5 * 60)  // The clock alone: no deadline handled, no event told.
        tray.refresh()
        let view = try XCTUnwrap(item.last)
        let expected = TrayView.of(
            running: [("Socks", try XCTUnwrap(try state("Socks").liveLoad))], waiting: [], at: clock.now(),
            zone: LocalZone(TimeZone(identifier: "UTC")!))
        XCTAssertEqual(view.label, expected.label)
    }

    func test_trayFalseTakesTheIconDown() throws {
        var config = DaemonConfig.withoutAlarms()
        config.tray = false
        let engine = try engine(config: config)
        try adopt("Socks")
        try perform(.wash(.minutes(30)), "Socks")
        engine.start()
        XCTAssertFalse(item.views.isEmpty)
        XCTAssertTrue(item.views.allSatisfy { $0 == nil })
        // Turned on by a reload (kill -HUP), and off again: no restart needed.
        config.tray = true
        engine.reloadConfig(config)
        XCTAssertEqual(item.last?.status, .active)
        config.tray = false
        engine.reloadConfig(config)
        XCTAssertNil(item.views.last ?? nil)
    }
}
