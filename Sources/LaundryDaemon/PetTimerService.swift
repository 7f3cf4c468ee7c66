import FoundationEssentials
import LaundryActions
import LaundryCore

/// Everything the daemon does for one pet: when it next needs attention, and what to do then.
/// Each pet has its own, so a corrupt file or a failed write in one never stops the others.
final class PetTimerService {
    let id: UUID
    private(set) var state: PetState?
    /// Loads announced by this process, so a failed write of `notified` cannot repeat one.
    private var announcedTimers: Set<UUID> = []
    /// After a failed write, the pet waits a minute before trying again instead of spinning.
    private var retryAfter: Date?

    init(id: UUID, state: PetState?) {
        self.id = id
        self.state = state
    }

    private var loadedStamp: Laundry.FileVersion?

    /// Reads the pet's files again, unless they are the very files already read: when a thousand
    /// loads end together, a stat each is all it costs to know nothing changed.
    func reload(from laundry: Laundry, at now: Date) throws {
        let stamp = laundry.fileVersion(id)
        if stamp == loadedStamp, state != nil { return }
        do {
            state = try laundry.load(id)
            loadedStamp = stamp
        } catch {
            // An unreadable file must not leave an old, overdue deadline firing in a loop, nor be
            // stood in for by what was read before it broke.
            loadedStamp = nil
            retryAfter = now.addingTimeInterval(60)
            throw error
        }
    }

    /// The next moment this pet needs the daemon, if any.
    func nextDeadline(at now: Date, config: DaemonConfig) -> Date? {
        guard let state else { return nil }
        var deadlines: [Date] = []
        if let timer = state.liveTimer, !timer.isPaused { deadlines.append(timer.endsAt) }
        // A finish to announce, or an announcement whose `notified` is still to be saved.
        if state.unannouncedFinish != nil { deadlines.append(now) }
        if let nag = Reminders.nextNag(for: state, config: config) { deadlines.append(nag) }
        guard let earliest = deadlines.min() else { return nil }
        if let retryAfter, earliest < retryAfter { return retryAfter }
        return earliest
    }

    /// What `announceDue` said and must now be written down.
    struct PendingWrite {
        var finishedTimerID: UUID?
        var nagged = false
    }

    /// Announces what is due, decided from the files as they are now: a timer that ended (once,
    /// whether or not a command already saw it end), a neglect reminder. Writing it down comes
    /// after, in `persist`, so that notifications go out first when many timers end together.
    /// - Parameter filesKnownCurrent: nothing changed the files since this service last read or
    ///   wrote them (the directory watch says so), so they need not be looked at again.
    func announceDue(
        at now: Date, config: DaemonConfig, laundry: Laundry, filesKnownCurrent: Bool = false,
        announce: (Announcement) -> Void
    ) throws -> PendingWrite? {
        // `loadedStamp` is nil after a failed read and after this service's own write: then look.
        if !filesKnownCurrent || state == nil || loadedStamp == nil { try reload(from: laundry, at: now) }
        guard let current = state else { return nil }
        var view = current
        StageMachine.settle(&view, at: now)
        var pending = PendingWrite()
        if let finished = view.unannouncedFinish {
            if !announcedTimers.contains(finished.id) {
                let late = now.timeIntervalSince(finished.endsAt)
                announce(
                    Announcement(
                        petID: id, petName: view.pet.name, health: view.pet.health(at: now),
                        reason: .finished(finished.kind, lateBy: late >= 60 ? late : nil), timerID: finished.id))
                announcedTimers.insert(finished.id)
            }
            // Announced now or earlier by this process: either way `notified` is still to be saved.
            pending.finishedTimerID = finished.id
        }
        if pending.finishedTimerID == nil, let due = Reminders.nextNag(for: view, config: config), due <= now,
            let finishedAt = view.timer?.finishedAt
        {
            announce(
                Announcement(
                    petID: id, petName: view.pet.name, health: view.pet.health(at: now),
                    reason: .neglected(view.pet.stage, waiting: now.timeIntervalSince(finishedAt))))
            pending.nagged = true
        }
        let needsWrite = current.needsSettling(at: now) || pending.finishedTimerID != nil || pending.nagged
        return needsWrite ? pending : nil
    }

    /// Writes down what was announced: the finish (via settling), `notified`, the reminder count.
    func persist(_ pending: PendingWrite, at now: Date, laundry: Laundry) throws {
        do {
            loadedStamp = nil
            state = try laundry.recordAnnouncement(
                id, finishedTimer: pending.finishedTimerID, nagged: pending.nagged, at: now)
            retryAfter = nil
        } catch {
            retryAfter = now.addingTimeInterval(60)
            throw error
        }
    }

    /// The health tick for this pet: mood and warnings, written down only when they change.
    func tick(at now: Date, laundry: Laundry, announce: (Announcement) -> Void) throws {
        guard let pet = state?.pet, !pet.isFromNewerVersion else { return }
        let (_, sent) = Reminders.healthWarning(for: pet, at: now)
        let mood = pet.mood(at: now)
        guard sent != pet.sentHealthWarnings || mood != pet.mood else { return }
        loadedStamp = nil
        // Decided again under the lock, on the file as it is now.
        let recorded = try laundry.recordHealth(id, at: now)
        let warning = recorded.warning
        state = recorded.state ?? state
        if let warning, let pet = state?.pet {
            announce(
                Announcement(petID: id, petName: pet.name, health: pet.health(at: now), reason: .healthWarning(warning))
            )
        }
    }
}
