import FoundationEssentials

/// When the daemon should speak about a pet, beyond timers ending: health warnings, reminders of wet or unfolded loads.
public enum Reminders {
    /// The health warning to send now (worst threshold crossed, unsent) and the thresholds to remember as sent. `held`
    /// (quiet hours, a running cycle): nothing sent or marked, so the worst crossed goes out when unheld.
    public static func healthWarning(for state: PetState, at now: Date, held: Bool = false) -> (
        send: Int?, sent: Set<Int>
    ) {
        let pet = state.pet
        let health = pet.health(at: now)
        // Most pets, most ticks: nothing sent or crossed; no set built (allocating them was most of a 10,000-pet tick).
        if state.notes.warningsSent.isEmpty, health > Health.highestWarning { return (nil, []) }
        // A threshold re-arms once health is above it again (after a fold, on any machine).
        var sent = state.notes.warningsSent.filter { health <= $0 }
        if held { return (nil, sent) }
        let crossed = Health.warningThresholds.filter { health <= $0 }
        let fresh = crossed.filter { !sent.contains($0) }
        guard let worst = fresh.min() else { return (nil, sent) }
        if let snoozed = pet.reminders.snoozedUntil, snoozed > now { return (nil, sent) }
        sent.formUnion(crossed)
        return (worst, sent)
    }

    /// Whether a running cycle (a timer, or reminders to come) holds health warnings; after it, forgotten loads warn.
    public static func cycleSpeaksForPet(_ state: PetState, config: DaemonConfig, at now: Date) -> Bool {
        guard state.pet.cycle.stage != .idle else { return false }
        if let timer = state.liveLoad {
            guard timer.isPaused, let pausedAt = timer.pausedAt else { return true }
            return now.timeIntervalSince(pausedAt) < config.nagInterval * Double(max(config.nagLimit, 1))
        }
        return nextNag(for: state, config: config) != nil
    }

    /// Next finished-load reminder (nil: none): an interval after the last word, up to `nagLimit` times, not snoozed.
    /// `dryer` (`Dryer.wait(for:)`): while another load holds the dryer, a wet load's reminders wait; once it frees,
    /// the load that waited longest is reminded at once (past the limit: that is news), the others an interval on.
    public static func nextNag(for state: PetState, config: DaemonConfig, dryer: DryerWait? = nil) -> Date? {
        // Taken out of the machine (its door opened): dealt with, though not yet folded or dried.
        guard let load = state.finishedLoad, load.unloadedAt == nil else { return nil }
        let reminder =
            current(state.notes.loadReminder, for: load.id)
            ?? LoadReminder(loadID: load.id, sent: 0, lastAt: load.endsAt)
        var due = reminder.lastAt.addingTimeInterval(config.nagInterval)
        switch dryer {
        case .busy: return nil
        case .freed(let freedAt, true) where reminder.lastAt < freedAt:
            due = freedAt
        case .freed(let freedAt, false) where reminder.lastAt < freedAt:
            guard reminder.sent < config.nagLimit else { return nil }
            due = max(due, freedAt.addingTimeInterval(config.nagInterval))
        case .freed, nil:
            guard reminder.sent < config.nagLimit else { return nil }
        }
        if let snoozed = state.pet.reminders.snoozedUntil, snoozed > due { return snoozed }
        return due
    }

    /// Whether the reminder `nextNag` gives is the dryer's news: it freed, and this load waited longest for it.
    public static func remindsOfFreeDryer(_ state: PetState, dryer: DryerWait?) -> Bool {
        guard case .freed(let freedAt, true) = dryer, let load = state.finishedLoad else { return false }
        let lastAt = current(state.notes.loadReminder, for: load.id)?.lastAt ?? load.endsAt
        return lastAt < freedAt
    }

    public static func recordAnnouncement(_ state: inout PetState, at now: Date) {
        guard let timer = state.load else { return }
        state.notes.announcedLoad = timer.id
        state.notes.announcedEnd = timer.endsAt
        state.notes.loadReminder = LoadReminder(loadID: timer.id, sent: 0, lastAt: now)
    }

    public static func recordNag(_ state: inout PetState, at now: Date) {
        guard let timer = state.load else { return }
        let sent = current(state.notes.loadReminder, for: timer.id)?.sent ?? 0
        state.notes.loadReminder = LoadReminder(loadID: timer.id, sent: sent + 1, lastAt: now)
    }

    private static func current(_ reminder: LoadReminder?, for load: UUID) -> LoadReminder? {
        reminder?.loadID == load ? reminder : nil
    }
}
