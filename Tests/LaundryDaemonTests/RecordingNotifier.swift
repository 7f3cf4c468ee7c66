import Foundation
import LaundryControl
import LaundryCore
import LaundryDaemon
import LaundryRendering

/// An in-process notifier that records what would have been shown, and can play a server that is
/// missing or has no buttons.
final class RecordingNotifier: Notifier {
    var available = true
    var capabilities = ["actions", "body", "body-markup"]
    private(set) var shown: [NotificationContent] = []
    private(set) var refused: [NotificationContent] = []
    var onAction: ((UUID, String) -> Void)?
    var onDismissed: ((UUID) -> Void)?
    var onNotShown: ((UUID, String) -> Void)?
    var onServerChanged: ((ServerInfo?) -> Void)?
    /// Pets whose popup was withdrawn, in order.
    private(set) var closed: [UUID] = []
    private(set) var server: ServerInfo?

    func refreshServer() -> ServerInfo? {
        server =
            available
            ? ServerInfo(
                name: "recorder", vendor: "tests", version: "1", specVersion: "1.2", capabilities: capabilities) : nil
        return server
    }

    func show(_ content: NotificationContent) -> Delivery {
        if server == nil { _ = refreshServer() }
        guard server != nil else {
            refused.append(content)
            return .noServer("no server in this test")
        }
        shown.append(content)
        return .posted
    }

    func close(petID: UUID) { closed.append(petID) }

    func press(_ action: String, on petID: UUID) { onAction?(petID, action) }

    func dismiss(_ petID: UUID) { onDismissed?(petID) }

    /// The server leaves the session bus, taking its popups with it.
    func serverLeaves() {
        available = false
        server = nil
        onServerChanged?(nil)
    }

    /// Another server takes over the session bus.
    func serverArrives() {
        available = true
        onServerChanged?(refreshServer())
    }

    /// The last popup sent for the pet was not shown after all.
    func notShown(_ petID: UUID, because reason: String) { onNotShown?(petID, reason) }

    var summaries: [String] { shown.map(\.summary) }
    /// What each popup shown announced, as facts.
    var reasons: [Announcement.Reason?] { shown.map(\.reason) }
    /// The same without the times in them (how late, how long it waited).
    var told: [Told] { shown.map { Told($0.reason) } }
}

/// Records what the speakers were asked to do, and whether a sound is playing: one rings until it
/// is silenced or `finish()` says it ended.
final class RecordingSound: SoundPlayer {
    private(set) var rings: [Set<UUID>] = []
    private(set) var playingFor: Set<UUID> = []
    private(set) var cutOff = 0

    func ring(for pets: Set<UUID>) {
        rings.append(pets)
        playingFor.formUnion(pets)
    }

    func silence(_ pet: UUID) {
        guard playingFor.remove(pet) != nil else { return }
        if playingFor.isEmpty { cutOff += 1 }
    }

    func finish() { playingFor = [] }
}

/// Records every event an engine tells.
final class RecordingObserver: EngineObserver {
    private(set) var events: [EngineEvent] = []

    func observe(_ event: EngineEvent, at moment: Moment) { events.append(event) }

    /// The loads told as dealt with, in order.
    var acknowledged: [UUID] {
        events.compactMap { if case .acknowledged(let load, _) = $0 { load.id } else { nil } }
    }
}

/// Records every hook run instead of spawning it.
final class RecordingHooks: HookLauncher {
    private(set) var runs: [(event: HookEvent, command: [String], quiet: Bool)] = []

    func run(_ event: HookEvent, command: [String], timeout: Double, quiet: Bool) {
        runs.append((event, command, quiet))
    }
}

/// What a popup told, without the times in it: what an engine test compares.
enum Told: Equatable {
    case finished(LoadKind)
    case warning(Int)
    case neglected(Stage)
    case dryerFree
    case headsUp(LoadKind, minutes: Int)
    case nudged(by: String)
    case test
    case other

    init(_ reason: Announcement.Reason?) {
        switch reason {
        case .finished(let kind, _): self = .finished(kind)
        case .healthWarning(let threshold): self = .warning(threshold)
        case .neglected(let stage, _): self = .neglected(stage)
        case .dryerFree: self = .dryerFree
        case .headsUp(let kind, let minutes): self = .headsUp(kind, minutes: minutes)
        case .nudged(let person, _, _): self = .nudged(by: person.name)
        case .test: self = .test
        case nil: self = .other
        }
    }
}
