import FoundationEssentials

/// What happened to a pet's load between two readings: started (here or elsewhere), changed (end moved, paused or
/// resumed, ended now), or stopped before its end. A load that ran to its end is none: its finish is announced.
public enum LoadChange: Equatable, Sendable {
    case started(Load)
    case stopped(Load, Stop)
    /// The same load, changed by a person: its end moved (`extend`), paused (no end), resumed, or ended now (`finish`).
    case changed(Load, Change)

    public enum Change: String, Sendable {
        /// Its end moved, or it resumed: it runs, to a new end.
        case moved
        /// It paused, or its time left changed while paused: it has no end.
        case paused
        case finished
    }

    public var load: Load {
        switch self {
        case .started(let load), .stopped(let load, _), .changed(let load, _): load
        }
    }

    public enum Stop: String, Sendable {
        case cancelled, released
        /// Another load took its place, or the pet moved on some other way (another machine's change).
        case replaced
    }

    /// Changes from `old` to `new` (nil: no pet); a pet first seen mid-load counts as started (for a late daemon).
    public static func between(_ old: PetState?, _ new: PetState?, at now: Date) -> [LoadChange] {
        if let change = sameLoadChanged(old, new, at: now) { return [change] }
        // A paused load that goes (cancelled, released) stops too: the hook was told it paused, not that it ended.
        let before = old.flatMap { state in state.liveLoad.flatMap { $0.isPaused ? $0 : running(state, at: now) } }
        let after = new.flatMap { running($0, at: now) }
        var changes: [LoadChange] = []
        if let before, after?.id != before.id, !ranToItsEnd(before, in: new, at: now) {
            changes.append(.stopped(before, stop(of: before, in: new, runningNow: after)))
        }
        if let after, after.id != before?.id {
            changes.append(.started(after))
        }
        return changes
    }

    /// The live load (running or paused) still there after, paused, resumed, or its end or time left moved; else nil.
    private static func sameLoadChanged(_ old: PetState?, _ new: PetState?, at now: Date) -> LoadChange? {
        guard let before = old?.liveLoad, before.isPaused || !before.hasEnded(at: now),
            let after = new?.load, after.id == before.id
        else { return nil }
        if after.isPaused {
            let same = before.isPaused && before.pausedRemaining == after.pausedRemaining
            return same ? nil : .changed(after, .paused)
        }
        // Ended now (`finish`, a plug's stop), from running or from paused.
        if after.hasEnded(at: now) { return .changed(after, .finished) }
        return before.isPaused || before.endsAt != after.endsAt ? .changed(after, .moved) : nil
    }

    /// The load timing the pet's stage, not paused, and not yet at its end.
    public static func running(_ state: PetState, at now: Date) -> Load? {
        guard let timer = state.liveLoad, !timer.isPaused, !timer.hasEnded(at: now) else { return nil }
        return timer
    }

    private static func ranToItsEnd(_ load: Load, in state: PetState?, at now: Date) -> Bool {
        guard let state, let timer = state.load, timer.id == load.id else { return load.hasEnded(at: now) }
        return state.finishedLoad != nil || timer.hasEnded(at: now)
    }

    private static func stop(of load: Load, in state: PetState?, runningNow: Load?) -> Stop {
        guard let state else { return .released }
        if runningNow == nil, state.pet.cycle.stage == load.kind.stageBefore { return .cancelled }
        return .replaced
    }
}
