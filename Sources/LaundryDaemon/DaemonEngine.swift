import FoundationEssentials
import LaundryActions
import LaundryControl
import LaundryCore
import LaundryRendering

/// The notification service's brain, free of any event loop: the main loop (or a test) tells it
/// what happened — start, a deadline passed, files changed, the clock was set, the 30-second tick,
/// a button — and asks when it next needs to wake. The clock and the notifier are injected.
public final class DaemonEngine {
    let laundry: Laundry
    let clock: any WallClock
    public let notifier: any Notifier
    public let writer: AnnouncementWriter
    public var config: DaemonConfig
    let log: (String) -> Void
    /// Rings the terminal of any running `laundry watch` when no server could show a notification.
    private let ringBell: () -> Void
    private let sound: any SoundPlayer
    private let hooks: (any HookLauncher)?
    private let zone: LocalZone
    private(set) var services: [UUID: PetTimerService] = [:]
    private var queue = DeadlineQueue()
    private var alarms = AlarmSchedule()
    /// Pets whose finish or reminder calls for a sound, rung together once the batch is out: a
    /// thousand loads ending at once make one sound, not a thousand.
    private var ringSoon: Set<UUID> = []
    /// What each pet's popup on screen says and is about: to withdraw it once it no longer holds,
    /// and to post it again on a notification server that takes over from the one that showed it.
    private var popups: [UUID: Popup] = [:]

    private struct Popup {
        let subject: PopupSubject
        let announcement: Announcement
    }
    /// Appliances whose plug says they still run: a finish of their kind says "should be done".
    public var stillRunning: Set<Appliance> = []
    /// Finished loads whose acknowledgement was told already: a button press acknowledges once
    /// directly and once more when the daemon reads the change it wrote.
    private var acknowledgedFinishes: Set<UUID> = []
    /// Told of what happens to a pet, as the event types Home Assistant sees (`finished`,
    /// `acknowledged`, `reminder`, `warning`).
    public var onPetEvent: ((UUID, String) -> Void)?
    /// Buttons of popups that are not about one pet (whose load is it?), by the popup's id.
    public var otherButtons: [UUID: (String) -> Void] = [:]
    /// Log lines kept back while a batch of notifications goes out.
    private var heldLogLines: [() -> String]?
    /// What a batch of announcements left to write down, the next one last. A large batch is
    /// written one note per idle turn of the main loop (`writeNextNote`), so the notification
    /// server's replies, and the popups waiting on them, come first: 1,000 fsyncs in a row held
    /// the last popup back by 0.7 s (`make bench`). Every other event writes the rest first, so it
    /// sees what the daemon has said.
    private var unwrittenNotes: [UnwrittenNote] = []
    private var notesBatch: (count: Int, writing: Stopwatch)?

    private struct UnwrittenNote {
        let service: PetTimerService
        let pending: PetTimerService.PendingWrite
        let time: Date
    }

    /// A batch this small is written at once: its popups are all on the bus already (at most
    /// `DBusNotifier.largestWindow` are in flight), so nothing waits for the writes.
    public static let notesWrittenAtOnce = DBusNotifier.largestWindow
    /// When this computer went to sleep, until it has said it woke: a load that ends meanwhile is
    /// told as finished while it slept (the timerfd may fire before the word that it woke).
    private var asleepSince: Date?

    public init(
        laundry: Laundry, clock: any WallClock, notifier: any Notifier, messages: MessageCatalog,
        config: DaemonConfig, log: @escaping (String) -> Void, ringBell: @escaping () -> Void = {},
        sound: any SoundPlayer = NoSound(), hooks: (any HookLauncher)? = nil, zone: LocalZone = .current
    ) {
        self.laundry = laundry
        self.clock = clock
        self.notifier = notifier
        writer = AnnouncementWriter(messages: messages)
        self.config = config
        self.log = log
        self.ringBell = ringBell
        self.sound = sound
        self.hooks = hooks
        self.zone = zone
        notifier.onAction = { [weak self] id, key in self?.buttonPressed(petID: id, action: key) }
        notifier.onDismissed = { [weak self] id in self?.acknowledge(id, because: "popup dismissed") }
        notifier.onNotShown = { [weak self] id, reason in self?.notShown(id, because: reason) }
        notifier.onServerChanged = { [weak self] server in self?.serverChanged(to: server) }
    }

    private var now: Date { clock.now() }
    private var quiet: QuietPolicy { QuietPolicy(hours: config.quietHours, zone: zone) }

    public var nextDeadline: Date? { [queue.earliest(), alarms.earliest].compactMap { $0 }.min() }
    /// Pets whose alarm is still ringing (for tests and the status file).
    public var ringingCount: Int { alarms.count }
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
        for line in held { log(line()) }
        let toWrite = Set(writes.map(\.0.id))
        for id in due where !toWrite.contains(id) {
            if let service = services[id] { noticeUserChange(service) }
            if let service = services[id] { schedule(service) }
        }
        ringAlarms(at: time)
        ringNow()
        if logsTimings, !due.isEmpty, let earliest {
            log(
                "deadlines: \(due.count) due; woke \(Stopwatch.text(time.timeIntervalSince(earliest) * 1000)) "
                    + "after the first, announced in \(announceTime.wall) (\(announceTime.cpu) on the CPU)"
            )
        }
        unwrittenNotes = writes.reversed().map { UnwrittenNote(service: $0.0, pending: $0.1, time: time) }
        notesBatch = writes.isEmpty ? nil : (writes.count, Stopwatch())
        if writes.count <= Self.notesWrittenAtOnce { writeUnwrittenNotes() }
    }

    /// Whether a batch of announcements still has notes to write (the main loop then calls
    /// `writeNextNote` whenever it is idle).
    public var hasUnwrittenNotes: Bool { !unwrittenNotes.isEmpty }

    /// Writes down the next announcement of the batch, then reads the pet's deadline again and
    /// tells the hook what changed, as the batch would have at once.
    public func writeNextNote() {
        guard let note = unwrittenNotes.popLast() else { return }
        isolated(note.service.id) { try note.service.persist(note.pending, at: note.time, laundry: laundry) }
        noticeUserChange(note.service)
        schedule(note.service)
        tellHook(about: note.service)
        if unwrittenNotes.isEmpty, let batch = notesBatch {
            notesBatch = nil
            if logsTimings { log("notes: \(batch.count) written in \(batch.writing.wallTime)") }
        }
    }

    /// Writes what the last batch left, before anything else is looked at (and before stopping:
    /// an announcement not written down would be made again by the next daemon).
    public func writeUnwrittenNotes() {
        while hasUnwrittenNotes { writeNextNote() }
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
        log("the clock was set; deadlines re-evaluated")
        for service in services.values { schedule(service) }
        deadlinesDue()
    }

    /// When set, each tick and each batch of deadlines logs how long it took (for `make bench`).
    public var logsTimings = false

    /// The 30-second health tick: moods and warnings for every pet.
    public func tick() {
        writeUnwrittenNotes()
        let time = now
        let ticking = Stopwatch()
        let quietNow = quiet.isOn(at: time)
        for (id, service) in services where !service.isCalm(at: time) {
            isolated(id) {
                try service.tick(at: time, config: config, quietHours: quietNow, laundry: laundry, announce: announce)
            }
        }
        ringNow()
        if logsTimings {
            log("tick: " + Words.count(services.count, "{count} pet", "{count} pets") + " in \(ticking.wallTime)")
        }
    }

    public func reloadConfig(_ config: DaemonConfig) {
        writeUnwrittenNotes()
        self.config = config
        if !config.sound {
            for pet in services.keys where alarms.stop(pet) { sound.silence(pet) }
        }
        for service in services.values { schedule(service) }
        log("configuration reloaded: \(ConfigSummary.line(config))")
    }

    /// A notification button: exactly what the matching command does. Any button, and a click on
    /// the popup (`default`), acknowledges: the alarm stops.
    public func buttonPressed(petID: UUID, action key: String) {
        writeUnwrittenNotes()
        if let other = otherButtons[petID] { return other(key) }
        guard let button = ButtonKey(rawValue: key) else {
            log("unknown button '\(key)' for pet \(petID.lowercasedText)")
            return
        }
        acknowledge(petID, because: "button '\(key)'")
        guard case .perform(let action) = button.response else { return }
        do {
            let state = try laundry.perform(action, onPet: petID)
            let stage = state.pet.stage.rawValue
            if case .snooze = action, let until = state.pet.snoozedUntil {
                let time = LocalTime.clock(until, now: now)
                log("button '\(key)': \(state.pet.name) is snoozed until \(time), still \(stage)")
            } else {
                log("button '\(key)': \(state.pet.name) is now \(stage)")
            }
        } catch {
            log("button '\(key)' for pet \(petID.lowercasedText): \(ErrorText.line(for: error) ?? "\(error)")")
        }
        filesChanged([petID])
    }

    /// The user has dealt with the pet's finished load: its alarm stops (a sound playing is cut
    /// off), the stage stays, reminders go on as scheduled.
    public func acknowledge(_ pet: UUID, because reason: String) {
        ringSoon.remove(pet)
        // A last ring, or a reminder's one, has no alarm left but may still be playing.
        sound.silence(pet)
        let wasWaiting = popups[pet].map { if case .finished = $0.announcement.reason { true } else { false } } ?? false
        let stopped = alarms.stop(pet)
        if stopped || wasWaiting, acknowledgedFinishes.insert(pet).inserted { onPetEvent?(pet, "acknowledged") }
        guard stopped else { return }
        log("alarm for \(services[pet]?.state?.pet.name ?? pet.lowercasedText) stopped: \(reason)")
    }

    // MARK: Alarms and popups

    /// Rings the bell if it is due, once for every load in it; none in quiet hours.
    private func ringAlarms(at time: Date) {
        let due = alarms.due(at: time, config: config)
        let minutes = DurationText.rough(config.alarmSpan)
        for pet in alarms.takeGivenUp().sorted(by: { $0.lowercasedText < $1.lowercasedText }) {
            log("alarm for \(services[pet]?.state?.pet.name ?? pet.lowercasedText) stopped: it rang for \(minutes)")
        }
        guard !due.isEmpty else { return }
        guard config.sound, !quiet.isOn(at: time) else {
            for pet in due { alarms.stop(pet) }
            return
        }
        ringSoon.formUnion(due)
        let names = due.map { services[$0]?.state?.pet.name ?? $0.lowercasedText }.sorted()
        log("alarm rings again for \(names.joined(separator: ", "))")
    }

    private func ringNow() {
        guard !ringSoon.isEmpty else { return }
        sound.ring(for: ringSoon)
        ringSoon = []
    }

    /// After the files were read again: a change the user made acknowledges the alarm, and a popup
    /// that no longer says something true is withdrawn.
    private func noticeUserChange(_ service: PetTimerService) {
        guard service.takeUserChange() else { return }
        acknowledge(service.id, because: "the pet changed")
        withdrawIfStale(service)
    }

    private func withdrawIfStale(_ service: PetTimerService) {
        guard let popup = popups[service.id], !popup.subject.holds(for: service.view(at: now), at: now) else { return }
        popups[service.id] = nil
        notifier.close(petID: service.id)
        log("withdrew the popup for \(service.state?.pet.name ?? service.id.lowercasedText): it no longer holds")
    }

    // MARK: Internals

    private func load(_ ids: Set<UUID>?) {
        writeUnwrittenNotes()
        guard let ids else { return reloadAll() }
        for id in ids {
            let service = services[id] ?? PetTimerService(id: id, state: nil)
            isolated(id) { try service.reload(from: laundry, at: now) }
            tellHook(about: service)
            if service.state == nil {
                services[id] = nil
                forgetGonePet(id)
            } else {
                services[id] = service
                noticeUserChange(service)
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
        for (id, service) in services where fresh[id] == nil {
            service.forget(at: now)
            tellHook(about: service)
            forgetGonePet(id)
        }
        services = fresh
        for service in services.values {
            noticeUserChange(service)
            schedule(service)
            tellHook(about: service)
        }
    }

    /// A pet released, or whose files are gone: no deadline, no alarm, no popup left of it.
    private func forgetGonePet(_ id: UUID) {
        queue.set(nil, for: id)
        acknowledge(id, because: "the pet is gone")
        if popups.removeValue(forKey: id) != nil { notifier.close(petID: id) }
    }

    private func schedule(_ service: PetTimerService) {
        queue.set(service.nextDeadline(at: now, config: config, quiet: quiet), for: service.id)
    }

    /// Tells the hook of every load the pet started, resumed or stopped early since it last looked
    /// (a phone can then schedule its own alarm for the end, or withdraw it).
    private func tellHook(about service: PetTimerService) {
        let changes = service.takeLoadChanges()
        guard let hook = config.hook, let hooks, !changes.isEmpty else { return }
        let time = now
        for change in changes {
            let load: LaundryTimer
            switch change {
            case .started(let timer), .stopped(let timer, _): load = timer
            }
            let event = writer.hookEvent(
                for: change, petName: service.name, ends: LocalTime.clock(load.endsAt, now: time, zone: zone))
            hooks.run(event, command: hook, timeout: config.hookTimeoutSeconds, quiet: quiet.isOn(at: time))
        }
    }

    // MARK: Sleep

    /// How many loads run now and the one that ends last (as `runningLoads` orders them), found
    /// after every event without an array of every pet: building and sorting that array was
    /// 535 bytes per armed timer at each event's peak (massif; bench row "bytes per armed timer").
    public var runningLoadSummary: (count: Int, last: (pet: Pet, load: LaundryTimer)?) {
        let time = now
        var count = 0
        var last: (pet: Pet, load: LaundryTimer)?
        for service in services.values {
            guard let ends = service.liveLoadEnds, ends > time, let state = service.state,
                let load = LoadChange.running(state, at: time)
            else { continue }
            count += 1
            if let current = last {
                let later =
                    load.endsAt != current.load.endsAt
                    ? load.endsAt > current.load.endsAt
                    : state.pet.id.lowercasedText > current.pet.id.lowercasedText
                if !later { continue }
            }
            last = (state.pet, load)
        }
        return (count, last)
    }

    /// The loads running now (not paused, not yet at their end), soonest end first.
    public var runningLoads: [(pet: Pet, load: LaundryTimer)] {
        let time = now
        return services.values.compactMap { service in
            guard let ends = service.liveLoadEnds, ends > time, let state = service.state,
                let load = LoadChange.running(state, at: time)
            else { return nil }
            return (state.pet, load)
        }.sorted { ($0.load.endsAt, $0.pet.id.lowercasedText) < ($1.load.endsAt, $1.pet.id.lowercasedText) }
    }

    /// This computer is about to sleep (logind's `PrepareForSleep(true)`): the hook hears which
    /// loads still run and when they end, so a phone can ring for them.
    public func goingToSleep() {
        writeUnwrittenNotes()
        let time = now
        asleepSince = time
        let running = runningLoads
        log(
            Words.count(
                running.count, "going to sleep with {count} load running", "going to sleep with {count} loads running"))
        guard let hook = config.hook, let hooks, let last = running.last else { return }
        let loads = running.map {
            HookEvent.Load(id: $0.load.id, petID: $0.pet.id, petName: $0.pet.name, endsAt: $0.load.endsAt)
        }
        let event = writer.sleepingHookEvent(
            running: loads, lastEnds: LocalTime.clock(last.load.endsAt, now: time, zone: zone))
        hooks.run(event, command: hook, timeout: config.hookTimeoutSeconds, quiet: quiet.isOn(at: time))
    }

    /// This computer woke (`PrepareForSleep(false)`): every deadline is looked at at once; a load
    /// that ended while it slept is told so, once.
    public func wokeUp() {
        guard let since = asleepSince else { return deadlinesDue() }
        log("woke after \(DurationText.rough(max(0, now.timeIntervalSince(since))))")
        deadlinesDue()
        asleepSince = nil
    }

    // MARK: Keeping awake

    /// Why the session should not suspend now, and until when, or nil when nothing runs or
    /// rings (or `keepAwake` is off). Paused loads hold nothing.
    public var awakeWish: AwakeWish? {
        guard config.keepAwake else { return nil }
        let running = runningLoadSummary
        let waiting = alarms.pets.compactMap { services[$0]?.state?.pet }.sorted {
            $0.name.lowercased() < $1.name.lowercased()
        }
        guard running.count > 0 || !waiting.isEmpty else { return nil }
        let time = now
        var parts: [String] = []
        if let last = running.last {
            let ends = LocalTime.clock(last.load.endsAt, now: time, zone: zone)
            parts.append(
                running.count == 1
                    ? "\(last.pet.name): \(Self.loadWord(last.load.kind)) ends at \(ends)"
                    : "\(running.count) loads, the last ends at \(ends)")
        }
        if !waiting.isEmpty {
            parts.append(
                waiting.count == 1
                    ? "\(waiting[0].name) is done and waiting" : "\(waiting.count) loads are done and waiting")
        }
        return AwakeWish(
            reason: parts.joined(separator: "; "),
            until: [running.last?.load.endsAt, alarms.lastGivesUp].compactMap { $0 }.max())
    }

    private static func loadWord(_ kind: TimerKind) -> String {
        switch kind {
        case .wash: return "wash"
        case .dry: return "dryer"
        case .extraDry: return "extra drying"
        }
    }

    /// Posts one notification, starts or rings the alarm it calls for, and runs the hook.
    private func announce(_ announcement: Announcement, about state: PetState) {
        var announcement = announcement
        if case .finished(let kind, _) = announcement.reason, announcement.load?.stoppedBy == nil {
            announcement.stillRunning = stillRunning.first { $0.runs(kind) }
        }
        if case .finished = announcement.reason { acknowledgedFinishes.remove(announcement.petID) }
        if let event = announcement.reason.homeEvent { onPetEvent?(announcement.petID, event) }
        let time = now
        let quietNow = quiet.isOn(at: time)
        popups[announcement.petID] = PopupSubject(announcement.reason, state: state).map {
            Popup(subject: $0, announcement: announcement)
        }
        if let hook = config.hook {
            hooks?.run(
                writer.hookEvent(for: announcement), command: hook, timeout: config.hookTimeoutSeconds, quiet: quietNow)
        }
        soundFor(announcement, at: time, quietNow: quietNow)
        post(announcement, quietNow: quietNow)
    }

    /// Shows the popup of an announcement (nothing else: no sound, no hook), or says why not.
    private func post(_ announcement: Announcement, quietNow: Bool, again: Bool = false) {
        let server = notifier.server ?? notifier.refreshServer()
        var content = writer.content(
            for: announcement, markup: server?.hasBodyMarkup ?? false, buttons: server?.hasActions ?? false)
        if quietNow { content.urgency = .normal }
        let line = { self.logLine(announcement) }
        guard config.notifications else {
            logSoon { "notification (disabled in config.json): \(line())" }
            return
        }
        switch notifier.show(content) {
        case .posted:
            let how = again ? " again, on the new notification server" : quietNow ? " (quiet hours: no sound)" : ""
            logSoon { "notified\(how): \(line())" }
        case .noServer(let reason):
            logSoon { "not shown (\(reason)): \(line())" }
            ringBell()
        }
    }

    /// What a notification says, in plain text for the log: the name as it is, no markup, one line.
    private func logLine(_ announcement: Announcement) -> String {
        let plain = writer.content(for: announcement, markup: false, buttons: true)
        return "\(plain.summary) — \(plain.body.split(separator: "\n").joined(separator: " "))"
    }

    /// A notification that went out was not shown after all: the log and any `laundry watch` have
    /// it, and it is posted again when a server appears.
    private func notShown(_ pet: UUID, because reason: String) {
        let what =
            popups[pet].map { logLine($0.announcement) } ?? (services[pet]?.state?.pet.name ?? pet.lowercasedText)
        log("not shown (\(reason)): \(what); it is posted again when a notification server appears")
        ringBell()
    }

    /// Another notification server took over (nil: none is left). Every popup that still holds is
    /// posted again there, silently: its alarm rings on as it was.
    private func serverChanged(to server: ServerInfo?) {
        writeUnwrittenNotes()
        guard let server else {
            log("the notification server left the session bus; notifications go to this log until one appears")
            return
        }
        log("notification server: \(server) (it took over; what should be on screen is posted again)")
        let time = now
        let quietNow = quiet.isOn(at: time)
        for (pet, popup) in popups.sorted(by: { $0.key.lowercasedText < $1.key.lowercasedText }) {
            guard popup.subject.holds(for: services[pet]?.view(at: time), at: time) else {
                popups[pet] = nil
                continue
            }
            post(popup.announcement, quietNow: quietNow, again: true)
        }
    }

    /// A finished load starts an alarm; a reminder rings once; nothing else makes a sound.
    private func soundFor(_ announcement: Announcement, at time: Date, quietNow: Bool) {
        let pet = announcement.petID
        switch announcement.reason {
        case .finished:
            guard config.sound, !quietNow else { return }
            alarms.start(pet, at: time, config: config)
            // The bell rings at once, for every load waiting in it.
            ringSoon.formUnion(alarms.pets)
        case .neglected:
            guard config.sound, !quietNow else { return }
            ringSoon.insert(pet)
        case .healthWarning, .headsUp, .test:
            // A new popup for the pet replaces the one whose alarm was ringing.
            ringSoon.remove(pet)
            if alarms.stop(pet) { sound.silence(pet) }
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
