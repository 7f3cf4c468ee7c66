import FoundationEssentials
import LaundryActions
import LaundryControl
import LaundryCore
import LaundryRendering
import Logging

/// The notification service's brain, free of any event loop: the main loop (or a test) tells it
/// what happened — start, a deadline passed, files changed, the clock was set, the 30-second tick,
/// a button — and asks when it next needs to wake. The clock and the notifier are injected.
public final class DaemonEngine {
    let laundry: Laundry
    let clock: any WallClock
    public let notifier: any Notifier
    /// Where the running loads' live cards go (nil: none are shown).
    let cardNotifier: (any Notifier)?
    /// Where running loads are also jobs in a progress list (KDE Plasma's), if anywhere.
    let jobs: (any JobTracker)?
    var cards = LiveCards()
    public let writer: AnnouncementWriter
    public var config: DaemonConfig
    let logger: Logger
    /// Rings the terminal of any running `laundry watch` when no server could show a notification.
    let ringBell: () -> Void
    let hooks: (any HookLauncher)?
    let zone: LocalZone
    var services: [UUID: PetTimerService] = [:]
    var queue = DeadlineQueue()
    let bell: AlarmBell
    /// What each pet's popup on screen says and is about: to withdraw it once it no longer holds,
    /// and to post it again on a notification server that takes over from the one that showed it.
    var popups: [UUID: Popup] = [:]

    struct Popup {
        let subject: PopupSubject
        /// Its words, as they were worded for the popup, the log and the hook.
        let words: AnnouncementWords
        var announcement: Announcement { words.announcement }
    }
    /// Appliances whose plug says they still run: a finish of their kind says "should be done".
    public var stillRunning: Set<Appliance> = []
    /// Finished loads whose acknowledgement was told already: a button press acknowledges once
    /// directly and once more when the daemon reads the change it wrote.
    var acknowledgedFinishes: Set<UUID> = []
    /// Told of what happens to a pet, as the event types Home Assistant sees (`finished`,
    /// `acknowledged`, `reminder`, `warning`, `stopped`; `refused` is the bridge's own).
    /// With the load the event is about (nil: none), which may no longer be the pet's current one.
    public var onPetEvent: ((UUID, String, UUID?) -> Void)?
    /// A load started, here or on another machine (an appliance's tail ends with it).
    public var onLoadStarted: ((LoadKind) -> Void)?
    /// Loads of a pet (by its name) that started, changed or stopped early (the calendar's entries).
    public var onLoadChanges: ((String, [LoadChange]) -> Void)?
    /// A finished load was dealt with (the calendar marks it done).
    public var onLoadAcknowledged: ((Load, String) -> Void)?
    /// Whose turn is next, and when that was read: every pet's loads are read for it, so at most
    /// once a minute (a turn passes when a load starts; a warning held a minute longer is no harm).
    var nextTurnRead: (at: Date, next: Person?)?
    /// Which desktop says do-not-disturb is on now (nil: off); asked when something is due.
    public var doNotDisturb: () -> String? = { nil }
    /// What it said last time.
    public internal(set) var doNotDisturbNow: String?
    /// Buttons of popups that are not about one pet (whose load is it?), by the popup's id.
    public var otherButtons: [UUID: (String) -> Void] = [:]
    /// Log lines kept back while a batch of notifications goes out.
    var heldLogLines: [() -> String]?
    /// A large batch's log lines, logged with its first note.
    var unloggedLines: [() -> String] = []
    /// What a batch of announcements left to write down, the next one last. A large batch is
    /// written one note per idle turn of the main loop (`writeNextNote`), so the notification
    /// server's replies, and the popups waiting on them, come first: 1,000 fsyncs in a row held
    /// the last popup back by 0.7 s (`make bench`). Every event that reads or changes the pets
    /// writes the rest first, so it sees what the daemon has said.
    var unwrittenNotes: [UnwrittenNote] = []
    var notesBatch: (count: Int, writing: Stopwatch)?

    struct UnwrittenNote {
        let service: PetTimerService
        let pending: PetTimerService.PendingWrite
        let time: Date
    }

    /// A batch this small is written at once: its popups are all on the bus already (at most
    /// `DBusNotifier.largestWindow` are in flight), so nothing waits for the writes.
    public static let notesWrittenAtOnce = DBusNotifier.largestWindow
    /// When this computer went to sleep, until it has said it woke: a load that ends meanwhile is
    /// told as finished while it slept (the timerfd may fire before the word that it woke).
    var asleepSince: Date?

    public init(
        laundry: Laundry, clock: any WallClock, notifier: any Notifier, messages: MessageCatalog,
        config: DaemonConfig, logger: Logger, ringBell: @escaping () -> Void = {},
        sound: any SoundPlayer = NoSound(), hooks: (any HookLauncher)? = nil, zone: LocalZone = .current,
        cards cardNotifier: (any Notifier)? = nil, jobs: (any JobTracker)? = nil
    ) {
        self.cardNotifier = cardNotifier
        self.jobs = jobs
        self.laundry = laundry
        self.clock = clock
        self.notifier = notifier
        writer = AnnouncementWriter(messages: messages)
        self.config = config
        self.logger = logger
        self.ringBell = ringBell
        bell = AlarmBell(sound: sound)
        self.hooks = hooks
        self.zone = zone
        notifier.onAction = { [weak self] id, key in self?.buttonPressed(petID: id, action: key) }
        notifier.onDismissed = { [weak self] id in self?.acknowledge(id, because: "popup dismissed") }
        notifier.onNotShown = { [weak self] id, reason in self?.notShown(id, because: reason) }
        notifier.onServerChanged = { [weak self] server in self?.serverChanged(to: server) }
        cardNotifier?.onAction = { [weak self] id, key in self?.buttonPressed(petID: id, action: key) }
        cardNotifier?.onDismissed = { [weak self] id in self?.cardClosedByPerson(id) }
        cardNotifier?.onNotShown = { [weak self] id, reason in self?.cardNotShown(id, because: reason) }
        cardNotifier?.onServerChanged = { [weak self] server in self?.cardServerChanged(to: server) }
        jobs?.onPause = { [weak self] id in self?.buttonPressed(petID: id, action: ButtonKey.pause.rawValue) }
        jobs?.onResume = { [weak self] id in self?.buttonPressed(petID: id, action: ButtonKey.resume.rawValue) }
    }

    var now: Date { clock.now() }
    var quiet: QuietPolicy {
        QuietPolicy(
            hours: config.quietHours, zone: zone, holdsEverything: config.dnd == .quiet && doNotDisturbNow != nil)
    }

    public var nextDeadline: Date? {
        [queue.earliest(), bell.nextRing, cards.updates.earliest()].compactMap { $0 }.min()
    }
    /// Pets whose alarm is still ringing (for tests and the status file).
    public var ringingCount: Int { bell.ringingCount }
    public var armedCount: Int { queue.count }
    public var petCount: Int { services.count }

    /// Loads every pet, announces what ended while the daemon was down (once), and runs a tick.
    public func start() {
        reloadAll()
        if let server = notifier.refreshServer() {
            logger.info("notification server: \(server)")
        } else {
            logger.info("no notification server on the session bus; notifications go to this log until one appears")
        }
        deadlinesDue()
        tick()
        queue.compact()
    }

    /// Runs every pet whose deadline has come, looking at each one's files first.
    public func deadlinesDue() {
        writeUnwrittenNotes()
        let time = now
        // Every notification first, then the writes: with 1,000 loads ending in the same second, the
        // last notification must not wait for 999 fsyncs.
        var writes: [(PetTimerService, PetTimerService.PendingWrite)] = []
        let earliest = queue.earliest()
        let announcing = Stopwatch()
        let due = queue.popDue(at: time)
        // The log lines wait too: formatting and writing them cost as much as posting.
        heldLogLines = []
        // Asked only when something would be shown or rung: a pet due, or the bell.
        if !due.isEmpty || (bell.nextRing.map { $0 <= time } ?? false) { lookAtDoNotDisturb() }
        let policy = quiet
        for id in due {
            guard let service = services[id] else { continue }
            isolated(id) {
                if let pending = try service.announceDue(
                    at: time, config: config, quiet: policy, laundry: laundry, sleptAt: asleepSince,
                    announce: announce
                ) {
                    writes.append((service, pending))
                }
            }
        }
        let announceTime = (wall: announcing.wallTime, cpu: announcing.cpuTime)
        let held = heldLogLines ?? []
        heldLogLines = nil
        // A large batch's lines wait with its notes: a thousand writes to the log held the
        // server's replies, and so the popups, back by tens of milliseconds.
        if writes.count <= Self.notesWrittenAtOnce {
            for line in held { logger.info(line: line()) }
        } else {
            unloggedLines = held
        }
        let toWrite = Set(writes.map(\.0.id))
        for id in due where !toWrite.contains(id) {
            if let service = services[id] { noticeUserChange(service) }
            if let service = services[id] { schedule(service) }
        }
        ringAlarms(at: time)
        bell.ringNow()
        // A finished load's card gives way to its popup, posted above.
        for id in due { refreshCard(id) }
        cardsDue(at: time)
        if logsTimings, !due.isEmpty, let earliest {
            logger.info(
                line: "deadlines: \(due.count) due; woke \(Stopwatch.text(time.timeIntervalSince(earliest) * 1000)) "
                    + "after the first, announced in \(announceTime.wall) (\(announceTime.cpu) on the CPU)")
        }
        unwrittenNotes = writes.reversed().map { UnwrittenNote(service: $0.0, pending: $0.1, time: time) }
        notesBatch = writes.isEmpty ? nil : (writes.count, Stopwatch())
        if writes.count <= Self.notesWrittenAtOnce { writeUnwrittenNotes() }
    }

    /// Commands changed these pets' files (or, with nil, events were lost or something arrived from
    /// another machine): they are read again, then whatever is due runs. The main loop comes in
    /// here at a deadline too, with what the directory watch has seen meanwhile.
    public func filesChanged(_ ids: Set<UUID>?) {
        load(ids)
        deadlinesDue()
    }

    /// The wall clock was set: every deadline is absolute, so only what is now due changes.
    public func clockChanged() {
        logger.info("the clock was set; deadlines re-evaluated")
        for service in services.values { schedule(service) }
        refreshAllCards()
        deadlinesDue()
    }

    /// When set, each tick and each batch of deadlines logs how long it took (for `make bench`).
    public var logsTimings = false

    /// The 30-second health tick: moods and warnings for every pet.
    public func tick() {
        writeUnwrittenNotes()
        let time = now
        let ticking = Stopwatch()
        // Asked only when a pet could warn: a D-Bus question every 30 s for nothing cost the
        // 10,000-pet tick about a millisecond (bench row "health tick").
        if services.values.contains(where: { !$0.isCalm(at: time) }) { lookAtDoNotDisturb() }
        let quietNow = quiet.isOn(at: time) || quiet.holdsEverything
        // The due reminder goes to the person whose turn it is first (read only when it can matter).
        var notMyTurn: Double?
        if let minutes = config.escalateAfterMinutes, services.values.contains(where: { !$0.isCalm(at: time) }) {
            if nextTurnRead.map({ abs(time.timeIntervalSince($0.at)) >= 60 }) ?? true {
                nextTurnRead = (time, laundry.nextTurn().next)
            }
            if let next = nextTurnRead?.next, next != laundry.person { notMyTurn = minutes }
        }
        for (id, service) in services where !service.isCalm(at: time) {
            isolated(id) {
                try service.tick(
                    at: time, config: config, quietHours: quietNow, laundry: laundry, notMyTurn: notMyTurn,
                    announce: announce)
            }
        }
        bell.ringNow()
        if logsTimings {
            logger.info(
                line: "tick: " + Words.count(services.count, "{count} pet", "{count} pets") + " in \(ticking.wallTime)")
        }
    }

    public func reloadConfig(_ config: DaemonConfig) {
        writeUnwrittenNotes()
        self.config = config
        if !config.sound {
            bell.silence(services.keys)
        }
        for service in services.values { schedule(service) }
        refreshAllCards()
        logger.info("configuration reloaded: \(ConfigSummary.line(config))")
    }

    /// A notification button: exactly what the matching command does. Any button, and a click on
    /// the popup (`default`), acknowledges: the alarm stops. Returns why laundry refused it, worded.
    @discardableResult
    /// - Parameter person: who pressed it, when not this machine's person (Home Assistant's).
    public func buttonPressed(petID: UUID, action key: String, by person: Person? = nil) -> String? {
        writeUnwrittenNotes()
        if let other = otherButtons[petID] {
            other(key)
            return nil
        }
        guard let button = ButtonKey(rawValue: key) else {
            logger.info("unknown button '\(key)' for pet \(petID.lowercasedText)")
            return nil
        }
        acknowledge(petID, because: "button '\(key)'")
        guard case .perform(let action) = button.response else { return nil }
        var refusal: String?
        do {
            let state = try laundry.perform(action, onPet: petID, by: person)
            let stage = state.pet.cycle.stage.rawValue
            if case .snooze = action, let until = state.pet.reminders.snoozedUntil {
                let time = LocalTime.clock(until, now: now)
                logger.info("button '\(key)': \(state.pet.identity.name) is snoozed until \(time), still \(stage)")
            } else {
                logger.info("button '\(key)': \(state.pet.identity.name) is now \(stage)")
            }
        } catch {
            let reason = ErrorText.line(for: error) ?? "\(error)"
            logger.info(line: "button '\(key)' for pet \(petID.lowercasedText): \(reason)")
            refusal = reason
        }
        filesChanged([petID])
        return refusal
    }

    /// The user has dealt with the pet's finished load: its alarm stops (a sound playing is cut
    /// off), the stage stays, reminders go on as scheduled.
    public func acknowledge(_ pet: UUID, because reason: String) {
        let wasWaiting = popups[pet].map { if case .finished = $0.announcement.reason { true } else { false } } ?? false
        let stopped = bell.stop(pet)
        if stopped || wasWaiting, acknowledgedFinishes.insert(pet).inserted {
            // The load the popup announced: the pet may have moved on to its next load already.
            let announcement = popups[pet]?.announcement
            onPetEvent?(pet, "acknowledged", announcement?.load?.id)
            if let announcement, let load = announcement.load { tellHookAcknowledged(load, name: announcement.petName) }
        }
        guard stopped else { return }
        logger.info("alarm for \(name(of: pet)) stopped: \(reason)")
    }

    /// Rings the bell if it is due, once for every load in it; none in quiet hours.
    private func ringAlarms(at time: Date) {
        let (again, gaveUp) = bell.ringAgain(
            at: time, config: config, quietNow: quiet.isOn(at: time) || quiet.holdsEverything)
        let minutes = DurationText.rough(config.alarmSpan)
        for pet in gaveUp.sorted() {
            logger.info(
                "alarm for \(name(of: pet)) stopped: it rang for \(minutes)"
            )
        }
        guard !again.isEmpty else { return }
        let names = again.map { name(of: $0) }.sorted()
        logger.info(line: "alarm rings again for \(names.joined(separator: ", "))")
    }

    // MARK: Sleep

    /// The pet's name as last read, for the log (its id once it is gone).
    func name(of pet: UUID) -> String { services[pet]?.state?.pet.identity.name ?? pet.lowercasedText }

    /// One pet's failure is logged and stays with that pet.
    func isolated(_ id: UUID, _ work: () throws -> Void) {
        do { try work() } catch {
            logger.info(line: "pet \(id.lowercasedText): \(ErrorText.line(for: error) ?? "\(error)")")
        }
    }
}
