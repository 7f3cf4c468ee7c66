import FoundationEssentials

/// The moves a machine's own word makes (through Home Assistant): its end, its pauses, its finish, its door.
extension StageMachine {
    /// How long past its end a followed load is held while its machine runs, if no word renews it: a daemon that went
    /// away leaves the load to laundry's own timer on every machine of the household within this.
    public static let machineLeaseSeconds = 300.0

    /// The running load of `appliance`'s kind ends when its machine says: the end (and the length, so progress goes on
    /// where it is) moves there, and the clock does not end it before the machine has had its lease to say so.
    public static func machineEnd(_ state: inout PetState, _ appliance: Appliance, endsAt end: Date, at now: Date)
        throws(PetError) -> [HistoryEvent]
    {
        guard var timer = state.liveLoad, appliance.runs(timer.kind), !timer.isPaused, !timer.hasEnded(at: now) else {
            throw illegalMove(.extend, state, now: now)
        }
        let day = Double(LaundryDuration.maximumSeconds)
        let end = min(end, now.addingTimeInterval(day))
        timer.plannedSeconds = min(day, max(1, timer.plannedSeconds + end.timeIntervalSince(timer.endsAt)))
        timer.endsAt = end
        timer.followedBy = appliance
        timer.heldUntil = end.addingTimeInterval(machineLeaseSeconds)
        state.load = timer
        return []
    }

    /// The machine says nothing any more: laundry's own timer ends the load at its last end (at once, if that passed).
    public static func machineLost(_ state: inout PetState, _ appliance: Appliance, at now: Date) -> [HistoryEvent] {
        guard var timer = state.liveLoad, timer.followedBy == appliance, timer.heldUntil != nil else { return [] }
        timer.heldUntil = nil
        state.load = timer
        return settle(&state, at: now)
    }

    /// The machine finished its programme: its load ends now, paused or not, and is announced as any finish.
    public static func machineFinished(_ state: inout PetState, _ appliance: Appliance, at now: Date) throws(PetError)
        -> [HistoryEvent]
    {
        guard var timer = state.liveLoad, appliance.runs(timer.kind) else {
            throw illegalMove(.finish, state, now: now)
        }
        timer.endsAt = now
        timer.pausedRemaining = nil
        timer.pausedAt = nil
        timer.heldUntil = nil
        timer.stoppedBy = appliance
        state.load = timer
        return settle(&state, at: now)
    }

    /// The machine's door opened after its load finished: the load was taken out, dealt with (no more reminders).
    public static func doorOpened(_ state: inout PetState, _ appliance: Appliance, at now: Date) throws(PetError)
        -> [HistoryEvent]
    {
        guard var load = state.finishedLoad, appliance.runs(load.kind), load.unloadedAt == nil else {
            throw illegalMove(.fold, state, now: now)
        }
        load.unloadedAt = now
        state.load = load
        return [HistoryEvent(at: now, event: .unloaded, petID: state.pet.id, loadID: load.id, detail: .door(appliance))]
    }
}
