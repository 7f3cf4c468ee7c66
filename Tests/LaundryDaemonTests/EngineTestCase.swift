import Foundation
import LaundryActions
import LaundryCore
import LaundryRendering
import LaundryStore
import LaundryTestSupport
import XCTest

@testable import LaundryDaemon

/// A daemon engine on the in-memory storage, with a manual clock and a recording notifier.
class EngineTestCase: XCTestCase {
    var storage: InMemoryStorage!
    var clock: ManualClock!
    var laundry: Laundry!
    var notifier: RecordingNotifier!
    /// The live cards, when a test asks for them (`makeEngine(cards: true)`).
    var cards: RecordingNotifier!
    var sound: RecordingSound!
    var hooks: RecordingHooks!
    /// Every event the engines of the test told.
    var told: RecordingObserver!
    let recordedLog = RecordedLog()
    var logLines: [String] { recordedLog.lines }
    var bells = 0
    let start = Fixtures.start

    override func setUpWithError() throws {
        storage = InMemoryStorage()
        clock = ManualClock(start)
        let kinds = try JSONDecoder().decode(
            KindCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: SourceTree.root + "/data/kinds.json")))
        laundry = Laundry(storage: storage, dataFolder: SourceTree.root + "/data", kinds: kinds, clock: clock)
        notifier = RecordingNotifier()
        cards = RecordingNotifier()
        sound = RecordingSound()
        hooks = RecordingHooks()
        told = RecordingObserver()
    }

    /// This machine's record of a pet (the engine tests' laundry is device 0000000000000000).
    func recordItem(_ id: UUID) -> InMemoryStorage.Item { .record(device: "0000000000000000", pet: id) }

    /// Every item of the storage with how often it was written: equal before and after, nothing written.
    func written() -> [InMemoryStorage.Item: Int] {
        var found: [InMemoryStorage.Item: Int] = [:]
        for device in storage.machines() {
            for item in storage.items(of: device) { found[item] = storage.version(of: item) }
        }
        return found
    }

    /// An engine on this test's storage. Live cards only when asked for: their minute updates are
    /// deadlines of their own, which the timer tests do not count.
    func makeEngine(
        config: DaemonConfig = .withoutAlarms(), zone: LocalZone = LocalZone(TimeZone(identifier: "UTC")!),
        cards showsCards: Bool = false
    ) throws -> DaemonEngine {
        let messages = try MessageCatalog.load(from: laundry.dataDirectory)
        let engine = DaemonEngine(
            laundry: laundry, clock: clock, notifier: notifier, messages: messages, config: config,
            logger: recordedLog.logger, ringBell: { [unowned self] in self.bells += 1 }, sound: sound, zone: zone)
        engine.observers = [
            told,
            HookObserver(
                launcher: hooks, writer: AnnouncementWriter(messages: messages),
                loadOf: { [laundry] in laundry?.loadID(ofRun: $0) }),
        ]
        if showsCards {
            engine.observers.append(
                LiveCardObserver(
                    notifier: cards, clock: clock, logger: recordedLog.logger,
                    serverShowsButtons: { [unowned self] in self.notifier.server?.hasActions ?? true },
                    loads: { [unowned engine] in engine.liveLoad(of: $0) },
                    press: { [unowned engine] pet, key in engine.buttonPressed(petID: pet, action: key) }))
        }
        return engine
    }

    @discardableResult
    func adopt(_ name: String, every days: Double = 7, lastWashed: Date? = nil) throws -> UUID {
        try laundry.adopt(PetSettings(name: try PetName(name), cycleDays: days, lastWashed: lastWashed)).pet.id
    }

    func perform(_ action: PetAction, _ name: String) throws {
        _ = try laundry.perform(action, on: name)
    }

    /// Moves the clock and lets the engine handle what came due, as the timerfd would.
    func advance(_ seconds: Double, _ engine: DaemonEngine) {
        clock.advance(by: seconds)
        engine.deadlinesDue()
    }

    func state(_ name: String) throws -> PetState { try laundry.pet(name) }

    /// What this machine's daemon wrote down about the pet.
    func notes(_ name: String) throws -> DeviceNotes {
        try XCTUnwrap(laundry.load(try state(name).pet.id).state).notes
    }

    /// What the writer makes of the announcement a popup carries, for a server that reads
    /// markup or not and shows buttons or not: the engine's choice, compared without its words.
    func worded(_ shown: NotificationContent, markup: Bool, buttons: Bool) throws -> NotificationContent {
        let pet = try XCTUnwrap(laundry.load(shown.petID).state)
        let announcement = Announcement(
            petID: shown.petID, petName: pet.pet.identity.name, health: pet.pet.health(at: clock.now()),
            reason: try XCTUnwrap(shown.reason), load: pet.load)
        let messages = try MessageCatalog.load(from: laundry.dataDirectory)
        return AnnouncementWriter(messages: messages).words(for: announcement).content(markup: markup, buttons: buttons)
    }

    /// Whether this machine's daemon wrote down that it announced the pet's current load.
    func announcedCurrentLoad(_ name: String) throws -> Bool {
        let current = try XCTUnwrap(try state(name).load?.id)
        return try notes(name).announcedLoad == current
    }
}

extension DaemonConfig {
    /// The settings the timer and reminder tests were written for: no sound, no heads-up, so
    /// the only deadlines are the loads' and the reminders'.
    static func withoutAlarms(nagIntervalMinutes: Double = 15, nagLimit: Int = 4) -> DaemonConfig {
        var config = DaemonConfig()
        config.nagIntervalMinutes = nagIntervalMinutes
        config.nagLimit = nagLimit
        config.sound = false
        config.headsUpMinutes = 0
        return config
    }
}
