import Foundation
import LaundryActions
import LaundryCore
import LaundryDaemon
import XCTest

/// The desktop's do-not-disturb: waited out (`"dnd": "quiet"`, the default), or rung through.
final class EngineDoNotDisturbTests: EngineTestCase {
    private var desktopSays: String?

    private func engine(_ mode: DoNotDisturbMode) throws -> DaemonEngine {
        var config = DaemonConfig.withoutAlarms()
        config.sound = true
        config.dnd = mode
        let engine = try makeEngine(config: config)
        engine.readDoNotDisturb = { [unowned self] in self.desktopSays }
        return engine
    }

    func test_aFinishInDoNotDisturbWaitsForItsEndAndIsToldOnceAsLate() throws {
        let engine = try engine(.quiet)
        try adopt("Socks")
        try perform(.wash(.minutes(1)), "Socks")
        engine.start()
        desktopSays = "dunst"
        advance(60, engine)
        XCTAssertEqual(notifier.told, [], "no popup")
        XCTAssertEqual(sound.rings, [], "no sound")
        XCTAssertEqual(try state("Socks").pet.cycle.stage, .washed, "the finish itself is a fact")
        XCTAssertEqual(engine.nextDeadline, clock.now().addingTimeInterval(2), "looked at again soon, not in a loop")
        for _ in 0..<60 { advance(2, engine) }
        XCTAssertEqual(notifier.told, [], "still nothing while it lasts")
        XCTAssertEqual(
            recordedLog.events(["held": "doNotDisturb", "pet": "Socks", "surface": "popup"]).count, 1,
            "the hold is told once, not at each look")
        XCTAssertEqual(recordedLog.events(["surface": "doNotDisturb", "desktop": "dunst", "state": "on"]).count, 1)
        desktopSays = nil
        advance(2, engine)
        XCTAssertEqual(notifier.reasons, [.finished(.wash, .late(122))], "once, as late as it is")
        XCTAssertEqual(sound.rings.count, 1, "and the alarm rings")
        XCTAssertEqual(recordedLog.events(["surface": "doNotDisturb", "desktop": "dunst", "state": "off"]).count, 1)
        advance(2, engine)
        XCTAssertEqual(notifier.told.count, 1, "not again")
    }

    /// An alarm already ringing stops once do-not-disturb comes on, as at the start of quiet hours:
    /// the reminders carry on after it.
    func test_aRingingAlarmIsQuietWhileDoNotDisturbLasts() throws {
        var config = DaemonConfig.withoutAlarms()
        config.sound = true
        config.alarmRepeatSeconds = 10
        config.alarmMinutes = 5
        let engine = try makeEngine(config: config)
        engine.readDoNotDisturb = { [unowned self] in self.desktopSays }
        try adopt("Socks")
        try perform(.wash(.minutes(1)), "Socks")
        engine.start()
        advance(60, engine)
        XCTAssertEqual(sound.rings.count, 1)
        desktopSays = "dunst"
        advance(10, engine)
        advance(10, engine)
        XCTAssertEqual(sound.rings.count, 1, "not while it lasts")
        XCTAssertEqual(engine.ringingCount, 0, "the alarm stopped")
        desktopSays = nil
        advance(10, engine)
        XCTAssertEqual(sound.rings.count, 1, "nor after: what comes is the next reminder")
    }

    func test_ringModeRingsThroughDoNotDisturb() throws {
        let engine = try engine(.ring)
        try adopt("Socks")
        try perform(.wash(.minutes(1)), "Socks")
        engine.start()
        desktopSays = "GNOME"
        advance(60, engine)
        XCTAssertEqual(notifier.reasons, [.finished(.wash, .onTime)])
        XCTAssertEqual(sound.rings.count, 1)
    }

    /// A finish do-not-disturb held back, dealt with before it ended: never shown here, but the
    /// phone had it (ntfy delivers the scheduled push at the end), so it is told as acknowledged,
    /// with that load's id, once.
    func test_aHeldFinishDealtWithBeforeTheEndIsToldAsAcknowledged() throws {
        var config = DaemonConfig.withoutAlarms()
        config.hook = ["/bin/true"]
        let engine = try makeEngine(config: config)
        engine.readDoNotDisturb = { [unowned self] in self.desktopSays }
        let id = try adopt("Socks")
        try perform(.wash(.minutes(1)), "Socks")
        engine.start()
        let wash = try XCTUnwrap(try state("Socks").load?.id)
        desktopSays = "dunst"
        advance(60, engine)
        advance(2, engine)
        XCTAssertEqual(notifier.told, [], "held")
        try perform(.dry(.minutes(30)), "Socks")
        engine.filesChanged([id])
        let hooked = hooks.runs.filter { $0.event.event == "loadAcknowledged" }.map { $0.event.load?.id }
        XCTAssertEqual(hooked, [wash])
        XCTAssertEqual(self.told.acknowledged, [wash])
        desktopSays = nil
        advance(2, engine)
        XCTAssertEqual(notifier.told, [], "the finish is not told after it was dealt with")
        try perform(.extend(seconds: 60), "Socks")
        engine.filesChanged([id])
        XCTAssertEqual(hooks.runs.filter { $0.event.event == "loadAcknowledged" }.count, 1, "once")
    }
}
