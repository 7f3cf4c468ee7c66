import FoundationEssentials
import LaundryActions
import LaundryCore
import LaundryStore

/// Everything the daemon does for one pet; each has its own, so a corrupt file or failed write never stops the others.
final class PetTimerService {
    let id: UUID
    private(set) var state: PetState? {
        didSet { calmUntil = state.flatMap(Self.calmUntil) }
    }
    /// The next moment this pet needs the daemon (`nextDeadline`, as last scheduled).
    var deadline: Date?
    /// Before this, the health tick has nothing to do: no warning sent or reachable, no load to settle.
    private var calmUntil: Date?
    /// Loads announced by this process, so a failed write of the notes cannot repeat one.
    private var announcedTimers: Set<UUID> = []
    /// The finish last held back by do-not-disturb, told once.
    private var heldFinish: UUID?
    /// Nudges (by their time) popped up by this process, for the same reason.
    private var shownNudges: Set<Date> = []
    /// Heads-ups sent by this process, one per load, with the end and the lead each was sent for.
    private var headsUpSent: [UUID: (end: Date, lead: Double)] = [:]
    /// After a failed write, the pet waits a minute before trying again instead of spinning.
    private var retryAfter: Date?
    /// Set when a reread shows the user changed the pet (not the daemon's own bookkeeping); taken by the engine.
    private var changedByUser = false
    /// The pet's name as last read, kept after it is gone (for what is told of its last load).
    private(set) var name = ""
    /// Loads that started, changed or stopped early, seen as the files were read; taken by the engine.
    private var loadChanges: [LoadChange] = []

    init(id: UUID, state: PetState?) {
        self.id = id
        self.state = state
        calmUntil = state.flatMap(Self.calmUntil)
    }

    private var loadedStamp: RecordVersion?
    /// The files of the last complete read (a sync engine removes a file before renaming its new version in).
    private var readFiles: RecordVersion?

    func reload(from laundry: Laundry, at now: Date) throws {
        let stamp = laundry.recordVersion(id)
        if stamp == loadedStamp, state != nil { return }
        let lost = filesLost(stamp)
        var read = lost ? nil : laundry.load(id)
        if state != nil, lost || read?.complete == false {
            // Gone or unreadable: likely a sync engine mid-replace, so what was read stands. Past the grace, one still
            // gone is gone (a machine's folder removed), one unreadable broken: nothing from before is announced.
            let since = standingSince ?? now
            standingSince = since
            if now.timeIntervalSince(since) < Self.replacingGrace { return }
            if lost {
                read = laundry.load(id)
            }
            if read?.complete == false {
                retryAfter = now.addingTimeInterval(60)
                throw StaleView(seconds: Int(now.timeIntervalSince(since)))
            }
        }
        standingSince = nil
        replaceState(with: read?.state, at: now)
        loadedStamp = stamp
        readFiles = stamp
    }

    /// How long what was read stands for a record that is gone or unreadable.
    static let replacingGrace: TimeInterval = 30
    private var standingSince: Date?

    /// A record of the pet has been gone or unreadable for longer than a sync engine takes.
    struct StaleView: Error, CustomStringConvertible {
        let seconds: Int
        var description: String {
            "a record of the pet has been missing or unreadable for \(seconds) s; nothing is announced "
                + "from what was read before until it parses again (laundry doctor names the file)"
        }
    }

    private func filesLost(_ now: RecordVersion) -> Bool {
        guard state != nil, let readFiles else { return false }
        return now.lostRecords(since: readFiles)
    }

    /// What the household's dryer meant for this pet's reminders when the engine last looked (`refreshDryer`).
    var dryerWait: DryerWait?

    /// 0 while a load runs (its end comes first in a batch: the dryer's finish before the reminder it frees), else 1.
    var finishesFirst: Int { state?.liveLoad == nil ? 1 : 0 }

    func isCalm(at now: Date) -> Bool { calmUntil.map { now < $0 } ?? false }

    private static func calmUntil(_ state: PetState) -> Date? {
        guard state.notes.warningsSent.isEmpty else { return nil }
        var calm = Health.firstWarningDate(since: state.pet.healthClockStart, cycleDays: state.pet.settings.cycleDays)
        if let timer = state.liveLoad, !timer.isPaused { calm = min(calm, timer.clockEnd) }
        return calm
    }

    private func replaceState(with fresh: PetState?, at now: Date) {
        if let old = state, Self.asTheUserSeesIt(old, at: now) != fresh.map({ Self.asTheUserSeesIt($0, at: now) }) {
            changedByUser = true
        }
        loadChanges += LoadChange.between(state, fresh, at: now)
        rearmHeadsUp(fresh, at: now)
        noteFinishDealtWithUnannounced(old: state, fresh: fresh, at: now)
        state = fresh
        if let fresh { name = fresh.pet.identity.name }
    }

    /// A finished load do-not-disturb kept this process from announcing, which the person moved past (another load or
    /// stage). The phone may still show it (ntfy pushes at the end), so it is told as acknowledged like any other.
    private var finishDealtWithUnannounced: Load?

    private func noteFinishDealtWithUnannounced(old: PetState?, fresh: PetState?, at now: Date) {
        guard let old, old.loadIsCurrent, let timer = old.load, old.finishedLoad != nil || timer.hasEnded(at: now),
            !announcedTimers.contains(timer.id), old.notes.announcedLoad != timer.id, let fresh
        else { return }
        let movedOn = fresh.load?.id != timer.id || fresh.pet.cycle.stage != timer.kind.finishedStage
        if movedOn { finishDealtWithUnannounced = timer }
    }

    func takeFinishDealtWithUnannounced() -> Load? {
        defer { finishDealtWithUnannounced = nil }
        return finishDealtWithUnannounced
    }

    /// A load extended over a minute after its heads-up gets another if its moment is ahead (not one resumed past it).
    private func rearmHeadsUp(_ fresh: PetState?, at now: Date) {
        guard let timer = fresh?.liveLoad, !timer.isPaused, let sent = headsUpSent[timer.id], timer.endsAt != sent.end
        else { return }
        if timer.endsAt.timeIntervalSince(sent.end) > 60, timer.endsAt.addingTimeInterval(-sent.lead) > now {
            headsUpSent[timer.id] = nil
        } else {
            headsUpSent[timer.id] = (timer.endsAt, sent.lead)
        }
    }

    func takeLoadChanges() -> [LoadChange] {
        defer { loadChanges = [] }
        return loadChanges
    }

    /// The pet is gone (released here or elsewhere): a load it was running stops.
    func forget(at now: Date) { replaceState(with: nil, at: now) }

    /// True once after the user changed the pet.
    func takeUserChange() -> Bool {
        defer { changedByUser = false }
        return changedByUser
    }

    /// The pet settled, without what a daemon writes (this machine's notes): two differ only when a person changed it.
    static func asTheUserSeesIt(_ state: PetState, at now: Date) -> PetState {
        var view = state
        StageMachine.settle(&view, at: now)
        view.notes = DeviceNotes(petID: state.pet.id)
        // A nudge pushes one person; it deals with nothing (the alarm rings on, the phone's push stays).
        view.pet.reminders.nudge = nil
        return view
    }

    /// The pet as it is now, settled.
    func view(at now: Date) -> PetState? {
        guard var view = state else { return nil }
        StageMachine.settle(&view, at: now)
        return view
    }

    /// When the heads-up for the running load is due, if it gets one and has not had it.
    private func headsUpDue(_ state: PetState, config: DaemonConfig) -> Date? {
        guard config.headsUpMinutes > 0, let timer = state.liveLoad, !timer.isPaused,
            timer.plannedSeconds > config.headsUpLead, headsUpSent[timer.id] == nil
        else { return nil }
        return timer.endsAt.addingTimeInterval(-config.headsUpLead)
    }

    /// - Parameter dryer: the household's dryer, which holds a wet load's reminders while another load is in it.
    func nextDeadline(
        at now: Date, config: DaemonConfig, quiet: QuietPolicy, person: Person = Person(""), dryer: Dryer? = nil
    ) -> Date? {
        guard let state else { return nil }
        var deadlines: [Date] = []
        // Held past its end by its machine: the clock's next word is the lease's end (never an end already past).
        if let timer = state.liveLoad, !timer.isPaused { deadlines.append(timer.clockEnd) }
        let held = state.unannouncedFinish.flatMap { Self.escalation(of: $0, config: config, person: person) }
        if let headsUp = headsUpDue(state, config: config), headsUp < state.liveLoad?.endsAt ?? headsUp {
            deadlines.append(headsUp)
        }
        // A finish to announce, or an announcement still to be written in the notes.
        if state.unannouncedFinish != nil { deadlines.append(max(now, held ?? now)) }
        if unshownNudge(state, person: person, at: now) != nil { deadlines.append(quiet.allowed(now)) }
        // Reminders due in quiet hours wait for their end; an overdue one counts from now (never a past deadline).
        if held == nil, let nag = Reminders.nextNag(for: state, config: config, dryer: dryer?.wait(for: state)) {
            deadlines.append(quiet.allowed(max(nag, now)))
        }
        guard var earliest = deadlines.min() else { return nil }
        if quiet.holdsEverything { earliest = max(earliest, now.addingTimeInterval(DoNotDisturb.poll)) }
        if let retryAfter, earliest < retryAfter { return retryAfter }
        return earliest
    }

    /// What `announceDue` said and must now be written down, and the pet as it was announced from.
    struct PendingWrite {
        var finishedTimerID: UUID?
        var nagged = false
        /// The nudge popped up, by its time.
        var nudgeShown: Date?
        /// Settled once, from the files read this wake-up: written from, not read and settled again.
        var view: PetState
    }

    /// Announces what is due (an ended load, once though a command saw it end; a reminder); `persist` right after.
    /// - Parameter sleptAt: when this computer went to sleep, while it has not yet said it woke.
    func announceDue(
        at now: Date, config: DaemonConfig, quiet: QuietPolicy, laundry: Laundry, sleptAt: Date? = nil,
        dryer: Dryer? = nil, announce: (Announcement, PetState) -> Void, held: (PetState, Load) -> Void = { _, _ in }
    ) throws -> PendingWrite? {
        // Read even if the watch reported nothing: an undelivered change (a pause just before the end, from a
        // command or another machine) must win: the daemon's notes are outside the shared files, so nothing else would.
        try reload(from: laundry, at: now)
        guard let current = state else { return nil }
        var view = current
        StageMachine.settle(&view, at: now)
        var pending = PendingWrite(view: view)
        // Do-not-disturb: what ended is written down, and announced (late) once it is over.
        if quiet.holdsEverything {
            if let finished = view.unannouncedFinish, !announcedTimers.contains(finished.id), heldFinish != finished.id
            {
                heldFinish = finished.id
                held(view, finished)
            }
            return current.needsSettling(at: now) ? pending : nil
        }
        // Before the hold below: a nudge is for this person now, whoever started the load.
        if let nudge = unshownNudge(view, person: laundry.person, at: now), !quiet.isOn(at: now) {
            let waiting = view.finishedLoad.map { now.timeIntervalSince($0.endsAt) } ?? 0
            announce(
                Announcement(
                    about: view, .nudged(by: nudge.by, view.pet.cycle.stage, waiting: max(0, waiting)), load: view.load,
                    at: now), view)
            shownNudges.insert(nudge.at)
            pending.nudgeShown = nudge.at
        }
        // Another person's load, with `escalateAfterMinutes`: theirs ring first, this one later.
        let held = view.unannouncedFinish.flatMap { Self.escalation(of: $0, config: config, person: laundry.person) }
        if let held, now < held {
            return current.needsSettling(at: now) || pending.nudgeShown != nil ? pending : nil
        }
        if let finished = view.unannouncedFinish {
            if !announcedTimers.contains(finished.id) {
                announce(
                    Announcement(
                        about: view, .finished(finished.kind, Self.lateness(of: finished, at: now, sleptAt: sleptAt)),
                        load: finished, at: now), view)
                announcedTimers.insert(finished.id)
            }
            // Announced now or earlier by this process: either way the notes are still to be saved.
            pending.finishedTimerID = finished.id
        }
        let wait = dryer?.wait(for: view)
        if pending.finishedTimerID == nil, let due = Reminders.nextNag(for: view, config: config, dryer: wait),
            due <= now, !quiet.isOn(at: now), let finishedAt = view.finishedLoad?.endsAt
        {
            let waiting = now.timeIntervalSince(finishedAt)
            var reminder = Announcement(
                about: view,
                Reminders.remindsOfFreeDryer(view, dryer: wait)
                    ? .dryerFree(waiting: waiting) : .neglected(view.pet.cycle.stage, waiting: waiting),
                load: view.load, at: now)
            reminder.dryer = wait
            announce(reminder, view)
            pending.nagged = true
        }
        if let due = headsUpDue(view, config: config), due <= now, let timer = view.liveLoad {
            let left = timer.endsAt.timeIntervalSince(now)
            announce(
                Announcement(
                    about: view, .headsUp(timer.kind, minutesLeft: max(1, Int((left / 60).rounded(.up)))), load: timer,
                    at: now), view)
            headsUpSent[timer.id] = (timer.endsAt, config.headsUpLead)
        }
        let needsWrite =
            current.needsSettling(at: now) || pending.finishedTimerID != nil || pending.nagged
            || pending.nudgeShown != nil
        return needsWrite ? pending : nil
    }

    /// When another person's finish rings here, with `escalateAfterMinutes`; nil: at once (own or unknown starter).
    static func escalation(of load: Load, config: DaemonConfig, person: Person) -> Date? {
        guard let minutes = config.escalateAfterMinutes, let starter = load.startedBy, starter != person,
            starter != .homeAssistant
        else { return nil }
        return load.endsAt.addingTimeInterval(minutes * 60)
    }

    /// A nudge for this machine's person, fresh, and not yet popped up here.
    private func unshownNudge(_ state: PetState, person: Person, at now: Date) -> Nudge? {
        guard let nudge = state.pet.reminders.nudge, !person.name.isEmpty, nudge.isFor(person, at: now),
            state.notes.nudgeShown != nudge.at, !shownNudges.contains(nudge.at)
        else { return nil }
        return nudge
    }

    /// How a finish is told: asleep (slept, however briefly, before the end), late (≥ 1 min: no daemon), or on time.
    static func lateness(of timer: Load, at now: Date, sleptAt: Date?) -> Announcement.Lateness {
        let late = max(0, now.timeIntervalSince(timer.endsAt))
        if let sleptAt, timer.endsAt >= sleptAt { return .whileAsleep(late) }
        return late >= 60 ? .late(late) : .onTime
    }

    /// Writes down what was announced: the finish (via settling), this machine's notes.
    func persist(_ pending: PendingWrite, at now: Date, laundry: Laundry) throws {
        do {
            let recorded = try laundry.recordAnnouncement(
                finishedTimer: pending.finishedTimerID, nagged: pending.nagged, nudgeShown: pending.nudgeShown, at: now,
                settled: pending.view)
            // Only this machine's notes differ from what was read: nobody changed the pet, no load started or stopped.
            loadChanges += LoadChange.between(state, recorded, at: now)
            state = recorded
            retryAfter = nil
        } catch {
            retryAfter = now.addingTimeInterval(60)
            throw error
        }
    }

    /// The health tick: warnings (and a death), written only when changed; held in quiet hours or while a cycle speaks
    /// for the pet. `notMyTurn` (`escalateAfterMinutes`, another's turn): minutes a crossed warning waits for them.
    func tick(
        at now: Date, config: DaemonConfig, quietHours: Bool, laundry: Laundry, notMyTurn: Double? = nil,
        announce: (Announcement, PetState) -> Void
    ) throws {
        if isCalm(at: now) { return }
        guard let current = state, !current.pet.isFromNewerVersion else { return }
        let held =
            quietHours || Reminders.cycleSpeaksForPet(current, config: config, at: now)
            || Self.turnHolds(current, minutes: notMyTurn, at: now)
        let (_, sent) = Reminders.healthWarning(for: current, at: now, held: held)
        guard sent != current.notes.warningsSent || current.needsSettling(at: now) else { return }
        loadedStamp = nil
        // Decided again under the lock, on the file as it is now.
        let recorded = try laundry.recordHealth(
            id, at: now, config: config, quietHours: quietHours, standing: state,
            filesLost: filesLost(laundry.recordVersion(id)))
        let warning = recorded.warning
        if let fresh = recorded.state { replaceState(with: fresh, at: now) }
        if let warning, let current = state {
            announce(
                Announcement(about: current, .healthWarning(warning), at: now), current)
        }
    }

    /// Whether the warning health has crossed still waits for the person whose turn it is.
    private static func turnHolds(_ state: PetState, minutes: Double?, at now: Date) -> Bool {
        guard let minutes else { return false }
        let health = state.pet.health(at: now)
        guard
            let threshold = Health.warningThresholds.filter({ health <= $0 && !state.notes.warningsSent.contains($0) })
                .max()
        else { return false }
        let crossed = Health.date(
            reaching: threshold, since: state.pet.healthClockStart, cycleDays: state.pet.settings.cycleDays)
        return now < crossed.addingTimeInterval(minutes * 60)
    }
}
