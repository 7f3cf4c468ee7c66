import FoundationEssentials
import LaundryCore

/// What a pet's popup on screen is about, so the daemon can withdraw it once it no longer holds.
enum PopupSubject: Equatable {
    /// A finished load (its finish, or a reminder): holds while it waits in that stage, unsnoozed.
    case finishedLoad(loadID: UUID, stage: Stage)
    /// "N min left": holds while that timer runs.
    case headsUp(loadID: UUID)
    /// A health warning: holds while no cycle has begun and no snooze holds it back.
    case neglect

    init?(_ reason: Announcement.Reason, state: PetState) {
        switch reason {
        case .nudged(_, .idle, _), .nudged(_, .washing, _), .nudged(_, .drying, _):
            self = .neglect
        case .finished, .neglected, .nudged, .dryerFree:
            guard let timer = state.load else { return nil }
            self = .finishedLoad(loadID: timer.id, stage: timer.kind.finishedStage)
        case .headsUp:
            guard let timer = state.liveLoad else { return nil }
            self = .headsUp(loadID: timer.id)
        case .healthWarning:
            self = .neglect
        case .test:
            return nil
        }
    }

    /// Whether the popup still says something true about `state` (settled at `now`; nil: the pet is gone).
    func holds(for state: PetState?, at now: Date) -> Bool {
        guard let state else { return false }
        let snoozed = state.pet.reminders.snoozedUntil.map { $0 > now } ?? false
        switch self {
        case .finishedLoad(let loadID, let stage):
            // Taken out of the machine (its door opened): dealt with on every surface.
            return state.pet.cycle.stage == stage && state.load?.id == loadID && state.load?.unloadedAt == nil
                && !snoozed
        case .headsUp(let loadID):
            guard let timer = state.liveLoad else { return false }
            return timer.id == loadID && !timer.isPaused && !timer.hasEnded(at: now)
        case .neglect:
            return state.pet.cycle.stage == .idle && !snoozed
        }
    }
}
