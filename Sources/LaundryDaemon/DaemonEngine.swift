import FoundationEssentials
import LaundryActions
import LaundryCore
import LaundryRendering

/// The notification service's brain, free of any event loop: the main loop (or a test) tells it
/// what happened — start, a deadline passed, files changed, the clock was set, the 30-second tick,
/// a button — and asks when it next needs to wake. The clock and the notifier are injected.
public final class DaemonEngine {
    private let laundry: Laundry
    private let clock: any WallClock
    public let notifier: any Notifier
    public let writer: AnnouncementWriter
    public var config: DaemonConfig
    private let log: (String) -> Void
    /// Rings the terminal of any running `laundry watch` when no server could show a notification.
    private let ringBell: () -> Void
    private var services: [UUID: PetTimerService] = [:]
    private var queue = DeadlineQueue()
    /// Log lines kept back while a batch of notifications goes out.
    private var heldLogLines: [() -> String]?

    public init(
        laundry: Laundry, clock: any WallClock, notifier: any Notifier, messages: MessageCatalog,
        config: DaemonConfig, log: @escaping (String) -> Void, ringBell: @escaping () -> Void = {}
    ) {
        self.laundry = laundry
        self.clock = clock
        self.notifier = notifier
        writer = AnnouncementWriter(messages: messages)
        self.config = config
        self.log = log
        self.ringBell = ringBell
        notifier.onAction = { [weak self] id, key in self?.buttonPressed(petID: id, action: key) }
    }

    private var now: Date { clock.now() }

    public var nextDeadline: Date? { queue.earliest() }
    public var armedCount: Int { queue.count }
    public var petCount: Int { services.count }

    /// Loads every pet, announces what ended while the daemon was down (once), and runs a tick.
    public func start() {
        reloadAll()
        if let server = notifier.refreshServer() {
            log("notification server: \(server)")
        } else {
            log("no notification server on the session bus; notifications go to this log until one appears")
        }
        deadlinesDue()
        tick()
    }

    /// Runs every pet whose deadline has come, looking at each one's files first.
    public func deadlinesDue() { runDeadlines(filesKnownCurrent: false) }

    /// The main loop's way in: it has just read the directory watch, which names every pet whose
    /// files changed since they were loaded (nil: events were lost). Those are loaded again; the
    /// rest are as the daemon last read or wrote them, so a thousand due pets need no `stat` each.
    public func deadlinesDue(afterWatchReported changes: Set<UUID>?) {
        load(changes)
        runDeadlines(filesKnownCurrent: true)
    }

    private func runDeadlines(filesKnownCurrent: Bool) {
        let time = now
        // Every notification first, then the writes: with 1,000 loads ending in the same second, the
        // last notification must not wait for 999 fsyncs.
        var writes: [(PetTimerService, PetTimerService.PendingWrite)] = []
        let earliest = queue.earliest()
        let announcing = Stopwatch()
        let due = queue.popDue(at: time)
        // The log lines wait too: formatting and writing them cost as much as posting.
        heldLogLines = []
        for id in due {
            guard let service = services[id] else { continue }
            isolated(id) {
                if let pending = try service.announceDue(
                    at: time, config: config, laundry: laundry, filesKnownCurrent: filesKnownCurrent, announce: announce
                ) {
                    writes.append((service, pending))
                }
            }
        }
        let announceTime = (wall: announcing.wallTime, cpu: announcing.cpuTime)
        let writing = Stopwatch()
        let held = heldLogLines ?? []
        heldLogLines = nil
        for line in held { log(line()) }
        for (service, pending) in writes {
            isolated(service.id) { try service.persist(pending, at: time, laundry: laundry) }
        }
        for id in due {
            if let service = services[id] { schedule(service) }
        }
        if logsTimings, !due.isEmpty, let earliest {
            log(
                "deadlines: \(due.count) due; woke \(Stopwatch.text(time.timeIntervalSince(earliest) * 1000)) "
                    + "after the first, announced in \(announceTime.wall) (\(announceTime.cpu) on the CPU), "
                    + "written in \(writing.wallTime)"
            )
        }
    }

    /// Commands changed these pets' files (or, with nil, events were lost): look again.
    public func filesChanged(_ ids: Set<UUID>?) {
        load(ids)
        deadlinesDue()
    }

    /// The wall clock was set: every deadline is absolute, so only what is now due changes.
    public func clockChanged() {
        log("the clock was set; deadlines re-evaluated")
        for service in services.values { schedule(service) }
        deadlinesDue()
    }

    /// When set, each tick and each batch of deadlines logs how long it took (for `make bench`).
    public var logsTimings = false

    /// The 30-second health tick: moods and warnings for every pet.
    public func tick() {
        let time = now
        let ticking = Stopwatch()
        for (id, service) in services {
            isolated(id) { try service.tick(at: time, laundry: laundry, announce: announce) }
        }
        if logsTimings {
            log("tick: \(services.count) pets in \(ticking.wallTime)")
        }
    }

    public func reloadConfig(_ config: DaemonConfig) {
        self.config = config
        for service in services.values { schedule(service) }
        log("configuration reloaded: reminders every \(config.nagIntervalMinutes) min, at most \(config.nagLimit)")
    }

    /// A notification button: exactly what the matching command does.
    public func buttonPressed(petID: UUID, action key: String) {
        guard let button = ButtonKey(rawValue: key) else {
            log("unknown button '\(key)' for pet \(petID.lowercasedText)")
            return
        }
        guard case .perform(let action) = button.response else {
            log("button '\(key)' for pet \(petID.lowercasedText): acknowledged")
            return
        }
        do {
            let state = try laundry.perform(action, onPet: petID)
            log("button '\(key)': \(state.pet.name) is now \(state.pet.stage.rawValue)")
        } catch {
            log("button '\(key)' for pet \(petID.lowercasedText): \(ErrorText.line(for: error) ?? "\(error)")")
        }
        filesChanged([petID])
    }

    // MARK: Internals

    private func load(_ ids: Set<UUID>?) {
        guard let ids else { return reloadAll() }
        for id in ids {
            let service = services[id] ?? PetTimerService(id: id, state: nil)
            isolated(id) { try service.reload(from: laundry, at: now) }
            if service.state == nil {
                services[id] = nil
                queue.set(nil, for: id)
            } else {
                services[id] = service
                schedule(service)
            }
        }
    }

    private func reloadAll() {
        let snapshot = laundry.snapshot()
        for warning in snapshot.warnings { log("warning: \(ErrorText.line(for: warning))") }
        var fresh: [UUID: PetTimerService] = [:]
        for state in snapshot.states {
            let service = services[state.pet.id] ?? PetTimerService(id: state.pet.id, state: nil)
            isolated(state.pet.id) { try service.reload(from: laundry, at: now) }
            fresh[state.pet.id] = service
        }
        for id in services.keys where fresh[id] == nil { queue.set(nil, for: id) }
        services = fresh
        for service in services.values { schedule(service) }
    }

    private func schedule(_ service: PetTimerService) {
        queue.set(service.nextDeadline(at: now, config: config), for: service.id)
    }

    private func announce(_ announcement: Announcement) {
        let server = notifier.server ?? notifier.refreshServer()
        let content = writer.content(
            for: announcement, markup: server?.hasBodyMarkup ?? false, buttons: server?.hasActions ?? false)
        let line = { "\(content.summary) — \(content.body.split(separator: "\n").joined(separator: " "))" }
        guard config.notifications else {
            logSoon { "notification (disabled in config.json): \(line())" }
            return
        }
        switch notifier.show(content) {
        case .posted:
            logSoon { "notified: \(line())" }
        case .noServer(let reason):
            logSoon { "not shown (\(reason)): \(line())" }
            ringBell()
        }
    }

    private func logSoon(_ line: @escaping () -> String) {
        if heldLogLines != nil { heldLogLines?.append(line) } else { log(line()) }
    }

    /// One pet's failure is logged and stays with that pet.
    private func isolated(_ id: UUID, _ work: () throws -> Void) {
        do { try work() } catch {
            log("pet \(id.lowercasedText): \(ErrorText.line(for: error) ?? "\(error)")")
        }
    }
}
