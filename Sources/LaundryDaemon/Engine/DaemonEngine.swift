import FoundationEssentials
import LaundryActions
import LaundryControl
import LaundryCore
import LaundryRendering
import Logging

/// The daemon's brain, loop-free: the main loop (or a test) reports start, deadlines, file changes, clock sets,
/// 30-second ticks and buttons, asking when to wake. Popups and bell speak for it; others observe `EngineEvent`s.
public final class DaemonEngine {
    let laundry: Laundry
    let clock: any WallClock
    public private(set) var config: DaemonConfig
    let logger: Logger
    let zone: LocalZone
    /// Every announcement worded once: the popup, the log and every surface say the same.
    let writer: AnnouncementWriter
    let popups: Popups
    let bell: AlarmBell
    var services: [UUID: PetTimerService] = [:]
    /// The surfaces beyond the popups: the hook, Home Assistant, the calendar, live cards, Plasma's jobs.
    public var observers: [any EngineObserver] = []
    var doNotDisturb: DoNotDisturbWatch
    /// Loads whose acknowledgement was told: a press acknowledges directly, then when the daemon rereads its write.
    var acknowledgedFinishes: Set<UUID> = []
    /// When this computer slept (until it says it woke): a load ending meanwhile ended asleep (timerfd may fire first).
    var asleepSince: Date?
    /// Appliances whose plug says they still run: a finish of their kind says "should be done".
    public var stillRunning: Set<Appliance> = []
    /// The household's dryer as last looked at (`refreshDryer`).
    var dryer: Dryer
    /// Next turn and when read: it reads all pets' loads, so at most once a minute (a minute's delay harms no warning).
    var nextTurnRead: (at: Date, next: Person?)?

    public init(
        laundry: Laundry, clock: any WallClock, notifier: any Notifier, messages: MessageCatalog,
        config: DaemonConfig, logger: Logger, ringBell: @escaping () -> Void = {},
        sound: any SoundPlayer = NoSound(), zone: LocalZone = .current
    ) {
        self.laundry = laundry
        self.clock = clock
        writer = AnnouncementWriter(messages: messages)
        popups = Popups(notifier: notifier, ringBell: ringBell)
        self.config = config
        self.logger = logger
        bell = AlarmBell(sound: sound)
        self.zone = zone
        doNotDisturb = DoNotDisturbWatch()
        dryer = Dryer(among: [], at: clock.now())
        notifier.onAction = { [weak self] id, key in self?.buttonPressed(petID: id, action: key) }
        notifier.onDismissed = { [weak self] id in self?.acknowledge(id, because: .dismissed) }
        notifier.onNotShown = { [weak self] id, reason in self?.notShown(id, because: reason) }
        notifier.onServerChanged = { [weak self] server in self?.serverChanged(to: server) }
    }

    public var notifier: any Notifier { popups.notifier }

    var now: Date { clock.now() }
    var quiet: QuietPolicy {
        QuietPolicy(
            hours: config.quietHours, zone: zone, holdsEverything: config.dnd == .quiet && doNotDisturbNow != nil)
    }

    var moment: Moment { Moment(now: now, quiet: quiet.isOn(at: now), config: config, zone: zone) }

    public var nextDeadline: Date? {
        let pets = services.values.compactMap(\.deadline).min()
        return ([pets, bell.nextRing] + observers.map(\.nextWake)).compactMap { $0 }.min()
    }
    /// Pets whose alarm is still ringing (for tests and the status file).
    public var ringingCount: Int { bell.ringingCount }
    public var armedCount: Int { services.values.filter { $0.deadline != nil }.count }
    public var petCount: Int { services.count }

    func tell(_ event: EngineEvent) {
        let moment = moment
        for observer in observers { observer.observe(event, at: moment) }
    }

    /// Loads every pet, announces what ended while the daemon was down (once), and runs a tick.
    public func start() {
        reloadAll()
        if let server = notifier.refreshServer() {
            logger.info(
                "notification server: \(server)",
                metadata: ["surface": "notificationServer", "event": "found", "server": "\(server.name)"])
        } else {
            logger.warning(
                "no notification server on the session bus; notifications go to this log until one appears",
                metadata: ["surface": "notificationServer", "event": "none"])
        }
        deadlinesDue()
        tick()
    }

    /// Runs each pet due (its files read first), then the observers due: a finish's popup precedes any card change.
    public func deadlinesDue() {
        let time = now
        // First: a dryer load ending now frees the dryer for a wet load, whose reminder is then due with it.
        refreshDryer(at: time)
        let due = services.values.filter { $0.deadline.map { $0 <= time } ?? false }
            .sorted { ($0.deadline!, $0.finishesFirst, $0.id) < ($1.deadline!, $1.finishesFirst, $1.id) }
        let announcing = Stopwatch()
        // Asked only when something would be shown or rung: a pet due, or the bell.
        if !due.isEmpty || (bell.nextRing.map { $0 <= time } ?? false) { lookAtDoNotDisturb() }
        let policy = quiet
        for service in due {
            isolated(service.id) {
                // Written down as soon as it is announced: a daemon killed now repeats as little as it can.
                if let pending = try service.announceDue(
                    at: time, config: config, quiet: policy, laundry: laundry, sleptAt: asleepSince, dryer: dryer,
                    announce: announce, held: heldForDoNotDisturb)
                {
                    try service.persist(pending, at: time, laundry: laundry)
                }
            }
            noticeUserChange(service)
            schedule(service)
            tellChanges(of: service)
        }
        ringAlarms(at: time)
        bell.ringNow()
        if !due.isEmpty {
            logger.debug("deadlines: \(due.count) due, announced in \(announcing.wallTime)")
        }
        let moment = moment
        for observer in observers where observer.nextWake.map({ $0 <= time }) ?? false { observer.wake(at: moment) }
    }

    /// Commands changed these pets' files (nil: events lost or another machine's arrived): reread, then what is due
    /// runs. The main loop comes here at a deadline too, with what the directory watch saw meanwhile.
    public func filesChanged(_ ids: Set<UUID>?) {
        load(ids)
        deadlinesDue()
    }

    /// The wall clock was set: every deadline is absolute, so only what is now due changes.
    public func clockChanged() {
        logger.info("the clock was set; deadlines re-evaluated")
        for service in services.values {
            schedule(service)
            if let state = service.view(at: now) { tell(.seen(state)) }
        }
        deadlinesDue()
    }

    /// The 30-second health tick: moods and warnings for every pet.
    public func tick() {
        let time = now
        let ticking = Stopwatch()
        // Asked only when a pet could warn.
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
        logger.debug(
            "tick: \(Words.count(services.count, "{count} pet", "{count} pets")) in \(ticking.wallTime)",
            metadata: ["surface": "daemon", "event": "tick", "pets": "\(services.count)"])
    }

    public func reloadConfig(_ config: DaemonConfig) {
        self.config = config
        if !config.sound { bell.silence(services.keys) }
        for service in services.values {
            schedule(service)
            if let state = service.view(at: now) { tell(.seen(state)) }
        }
        logger.info("configuration reloaded: \(ConfigSummary.line(config))", metadata: config.logFacts("reloaded"))
    }

    /// A notification button does what its command does; any, or a popup click (`default`), acknowledges (the alarm
    /// stops). Returns laundry's refusal, worded; `person`: who pressed, if not ours (Home Assistant).
    @discardableResult
    public func buttonPressed(petID: UUID, action key: String, by person: Person? = nil) -> String? {
        if popups.pressedOther(petID, key) { return nil }
        let pressed: Logger.Metadata = ["surface": "button", "button": "\(key)"]
        let byID = pressed.merging(["petId": "\(petID.lowercasedText)"]) { $1 }
        guard let button = ButtonKey(rawValue: key) else {
            logger.warning(
                "unknown button '\(key)' for pet \(petID.lowercasedText)",
                metadata: byID.merging(["known": "false"]) { $1 })
            return nil
        }
        acknowledge(petID, because: .button(key))
        guard case .perform(let action) = button.response else { return nil }
        var refusal: String?
        do {
            let state = try laundry.perform(action, onPet: petID, by: person)
            let stage = state.pet.cycle.stage.rawValue
            let facts = pressed.merging(["pet": "\(state.pet.identity.name)", "stage": "\(stage)"]) { $1 }
            if case .snooze = action, let until = state.pet.reminders.snoozedUntil {
                let time = LocalTime.clock(until, now: now)
                logger.info(
                    "button '\(key)': \(state.pet.identity.name) is snoozed until \(time), still \(stage)",
                    metadata: facts)
            } else {
                logger.info("button '\(key)': \(state.pet.identity.name) is now \(stage)", metadata: facts)
            }
        } catch {
            let reason = ErrorText.line(for: error) ?? "\(error)"
            logger.info(
                "button '\(key)' for pet \(petID.lowercasedText): \(reason)",
                metadata: byID.merging(["refused": "true"]) { $1 })
            refusal = reason
        }
        filesChanged([petID])
        return refusal
    }

    /// How an alarm stopped: in the log's words, and as a fact (`stoppedBy`, and the button's key).
    enum AlarmStop {
        case dismissed
        case button(String)
        case petGone, petChanged
        /// `alarmMinutes` ran out (how long it rang, worded).
        case rangOut(String)

        var words: String {
            switch self {
            case .dismissed: "popup dismissed"
            case .button(let key): "button '\(key)'"
            case .petGone: "the pet is gone"
            case .petChanged: "the pet changed"
            case .rangOut(let span): "it rang for \(span)"
            }
        }

        var fact: Logger.Metadata {
            switch self {
            case .dismissed: ["stoppedBy": "dismissed"]
            case .button(let key): ["stoppedBy": "button", "button": "\(key)"]
            case .petGone: ["stoppedBy": "petGone"]
            case .petChanged: ["stoppedBy": "petChanged"]
            case .rangOut: ["stoppedBy": "rangOut"]
            }
        }
    }

    /// Finished load dealt with: alarm stops (sound cut off), stage stays, reminders go on; each surface is told once.
    func acknowledge(_ pet: UUID, because reason: AlarmStop) {
        let stopped = bell.stop(pet)
        // The load the popup announced: the pet may have moved on to its next load already.
        if let waiting = popups.finishShown(for: pet) { tellAcknowledged(waiting.load, pet: waiting.pet) }
        guard stopped else { return }
        logAlarmStopped(pet, reason)
    }

    private func logAlarmStopped(_ pet: UUID, _ reason: AlarmStop) {
        logger.info(
            "alarm for \(name(of: pet)) stopped: \(reason.words)",
            metadata: reason.fact.merging(["surface": "alarm", "pet": "\(name(of: pet))"]) { $1 })
    }

    func tellAcknowledged(_ load: Load, pet: PetReference) {
        guard acknowledgedFinishes.insert(load.id).inserted else { return }
        tell(.acknowledged(load, pet: pet))
    }

    /// Rings the bell if it is due, once for every load in it; none in quiet hours.
    private func ringAlarms(at time: Date) {
        let (again, gaveUp) = bell.ringAgain(
            at: time, config: config, quietNow: quiet.isOn(at: time) || quiet.holdsEverything)
        let minutes = DurationText.rough(config.alarmSpan)
        for pet in gaveUp.sorted() {
            logAlarmStopped(pet, .rangOut(minutes))
        }
        guard !again.isEmpty else { return }
        let names = again.map { name(of: $0) }.sorted().joined(separator: ", ")
        logger.info(
            "alarm rings again for \(names)", metadata: ["surface": "alarm", "rings": "again", "pets": "\(names)"])
    }

    /// The pet's name as last read, for the log (its id once it is gone).
    func name(of pet: UUID) -> String { services[pet]?.name ?? pet.lowercasedText }

    /// One pet's failure is logged and stays with that pet.
    func isolated(_ id: UUID, _ work: () throws -> Void) {
        do { try work() } catch {
            logger.error(line: "pet \(id.lowercasedText): \(ErrorText.line(for: error) ?? "\(error)")")
        }
    }
}
