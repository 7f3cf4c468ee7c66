import FoundationEssentials

/// The cycle's rules: which move is legal in which stage and what it changes. Pure: time in, history events out.
public enum StageMachine {
    public static let defaultExtraDry = LaundryDuration.minutes(10)

    /// Brings a pet up to date, once each: a timer past its end is finished, a pet whose health hit 0 loses its streak.
    @discardableResult
    public static func settle(_ state: inout PetState, at now: Date) -> [HistoryEvent] {
        var events: [HistoryEvent] = []
        if let timer = state.liveLoad, timer.hasEnded(at: now) {
            // No one's change, so no stamp: every machine derives the same view and event (its id from the load's).
            state.pet.cycle.stage = timer.kind.finishedStage
            events.append(
                HistoryEvent(
                    at: timer.endsAt, event: HistoryEvent.done(timer.kind), petID: state.pet.id, loadID: timer.id,
                    detail: timer.stoppedBy.map(HistoryDetail.stoppedBy),
                    id: EventID.derived(from: "done \(timer.id.lowercasedText) \(Timestamp.format(timer.endsAt))")))
        }
        if state.pet.cycle.currentStreak > 0 && state.pet.isDead(at: now) {
            state.pet.cycle.currentStreak = 0
            // The moment health reached 0, the same on every machine whenever it looks.
            let at = Health.deathDate(since: state.pet.healthClockStart, cycleDays: state.pet.settings.cycleDays)
            events.append(
                HistoryEvent(
                    at: at, event: .died, petID: state.pet.id,
                    id: EventID.derived(from: "died \(state.pet.id.lowercasedText) \(Timestamp.format(at))")))
        }
        return events
    }

    /// Starts the wash: for `duration`, else the programme's typed length, else the pet's.
    public static func wash(
        _ state: inout PetState, for duration: LaundryDuration?, programme: String? = nil, at now: Date
    ) throws(PetError) -> [HistoryEvent] {
        try require(state, in: [.idle], move: .wash, now: now)
        let typed = try programmeLength(programme, of: state.pet) ?? state.pet.settings.washDuration
        return start(.wash, &state, duration: duration ?? typed, programme: programme, at: now)
    }

    public static func dry(
        _ state: inout PetState, for duration: LaundryDuration?, programme: String? = nil, at now: Date
    ) throws(PetError) -> [HistoryEvent] {
        try require(state, in: [.washed], move: .dry, now: now)
        let typed = try programmeLength(programme, of: state.pet) ?? state.pet.settings.dryDuration
        return start(.dry, &state, duration: duration ?? typed, programme: programme, at: now)
    }

    private static func programmeLength(_ programme: String?, of pet: Pet) throws(PetError) -> LaundryDuration? {
        guard let programme else { return nil }
        guard let length = pet.settings.programmes[programme] else {
            throw .unknownProgramme(programme, pet: pet.identity.name, known: pet.settings.programmes.keys.sorted())
        }
        return length
    }

    public static func moreDry(_ state: inout PetState, for duration: LaundryDuration?, at now: Date) throws(PetError)
        -> [HistoryEvent]
    {
        try require(state, in: [.dried], move: .moreDry, now: now)
        return start(.extraDry, &state, duration: duration ?? defaultExtraDry, at: now)
    }

    /// The appliance really stopped (its plug's power fell and stayed low): its running load ends now, as any end.
    public static func applianceStopped(_ state: inout PetState, _ appliance: Appliance, at now: Date) throws(PetError)
        -> [HistoryEvent]
    {
        guard var timer = state.liveLoad, !timer.isPaused, appliance.runs(timer.kind), !timer.hasEnded(at: now) else {
            throw illegalMove(.cancel, state, now: now)
        }
        timer.endsAt = now
        timer.stoppedBy = appliance
        state.load = timer
        return settle(&state, at: now)
    }

    /// Ends the cycle, from `washed` (air-dried) or `dried`: health back to 100, the streak grows.
    public static func fold(_ state: inout PetState, at now: Date) throws(PetError) -> [HistoryEvent] {
        try require(state, in: [.washed, .dried], move: .fold, now: now)
        var pet = state.pet
        pet.cycle.currentStreak = pet.streak(at: now) + 1
        pet.cycle.longestStreak = max(pet.cycle.longestStreak, pet.cycle.currentStreak)
        pet.cycle.totalCycles += 1
        pet.cycle.lastLaundryAt = now
        pet.cycle.stage = .idle
        state.pet = pet
        state.load = nil
        return [HistoryEvent(at: now, event: .folded, petID: pet.id, detail: .cycle(pet.cycle.totalCycles))]
    }

    /// Stops the running timer and returns to the stage before it.
    public static func cancel(_ state: inout PetState, at now: Date) throws(PetError) -> [HistoryEvent] {
        try require(state, in: [.washing, .drying], move: .cancel, now: now)
        let timer = state.liveLoad
        state.pet.cycle.stage = timer?.kind.stageBefore ?? (state.pet.cycle.stage == .washing ? .idle : .washed)
        state.load = nil
        return timeLeftFact(
            .cancelled, state, load: timer?.id, left: timer?.remaining(at: now), kind: timer?.kind, at: now)
    }

    public static func pause(_ state: inout PetState, at now: Date) throws(PetError) -> [HistoryEvent] {
        try require(state, in: [.washing, .drying], move: .pause, now: now)
        guard var timer = state.liveLoad else { throw illegalMove(.pause, state, now: now) }
        guard !timer.isPaused else { throw .alreadyPaused(pet: state.pet.identity.name) }
        let remaining = timer.remaining(at: now)
        timer.pausedRemaining = remaining
        timer.pausedAt = now
        state.load = timer
        return timeLeftFact(.paused, state, load: timer.id, left: remaining, kind: nil, at: now)
    }

    public static func resume(_ state: inout PetState, at now: Date) throws(PetError) -> [HistoryEvent] {
        // Only a running timer can be paused instead; any other stage says what comes next.
        guard var timer = state.liveLoad else { throw illegalMove(.resume, state, now: now) }
        guard let remaining = timer.pausedRemaining else { throw .notPaused(pet: state.pet.identity.name) }
        timer.endsAt = now.addingTimeInterval(remaining)
        timer.pausedRemaining = nil
        timer.pausedAt = nil
        state.load = timer
        return timeLeftFact(.resumed, state, load: timer.id, left: remaining, kind: nil, at: now)
    }

    public static let defaultExtension = 600

    /// Moves a running load's end, or a paused one's time left, by `seconds`; to now or before is refused (`finish`).
    public static func extend(_ state: inout PetState, by seconds: Int?, at now: Date) throws(PetError)
        -> [HistoryEvent]
    {
        try require(state, in: [.washing, .drying], move: .extend, now: now)
        guard var timer = state.liveLoad else { throw illegalMove(.extend, state, now: now) }
        let by = seconds ?? defaultExtension
        let before = timer.remaining(at: now)
        let left = before + Double(by)
        guard left >= 1 else { throw .endBeforeNow(pet: state.pet.identity.name, left: before, by: by) }
        guard left <= Double(LaundryDuration.maximumSeconds) else {
            throw .endTooFar(pet: state.pet.identity.name, left: before, by: by)
        }
        if timer.isPaused {
            timer.pausedRemaining = left
        } else {
            timer.endsAt = timer.endsAt.addingTimeInterval(Double(by))
        }
        // The length grows with it, so progress (and growth stage) goes on where it was; at most a day.
        let day = Double(LaundryDuration.maximumSeconds)
        timer.plannedSeconds = min(day, max(1, timer.plannedSeconds + Double(by)))
        state.load = timer
        return timeLeftFact(.extended, state, load: timer.id, left: left, kind: timer.kind, at: now)
    }

    /// Ends the running (or paused) load now: it finishes as if its timer had run out, and is announced as any finish.
    public static func finish(_ state: inout PetState, at now: Date) throws(PetError) -> [HistoryEvent] {
        try require(state, in: [.washing, .drying], move: .finish, now: now)
        guard var timer = state.liveLoad else { throw illegalMove(.finish, state, now: now) }
        let left = timer.remaining(at: now)
        timer.endsAt = now
        timer.pausedRemaining = nil
        timer.pausedAt = nil
        state.load = timer
        return timeLeftFact(.finishedEarly, state, load: timer.id, left: left, kind: timer.kind, at: now)
            + settle(&state, at: now)
    }

    public static let defaultSnooze = LaundryDuration.minutes(10)

    /// Holds back reminders and warnings about the pet for a while; legal in any stage.
    public static func snooze(_ state: inout PetState, for duration: LaundryDuration?, at now: Date) -> [HistoryEvent] {
        let length = duration ?? defaultSnooze
        state.pet.reminders.snoozedUntil = now.addingTimeInterval(length.timeInterval)
        return [
            HistoryEvent(at: now, event: .snoozed, petID: state.pet.id, detail: .length(seconds: length.timeInterval))
        ]
    }

    /// Ends a snooze now: reminders and warnings come again from where they stand. Refused when none holds.
    public static func endSnooze(_ state: inout PetState, at now: Date) throws(PetError) -> [HistoryEvent] {
        guard let until = state.pet.reminders.snoozedUntil, until > now else {
            throw .notSnoozed(pet: state.pet.identity.name)
        }
        state.pet.reminders.snoozedUntil = nil
        return [HistoryEvent(at: now, event: .snoozeEnded, petID: state.pet.id)]
    }

    private static func start(
        _ kind: LoadKind, _ state: inout PetState, duration: LaundryDuration, programme: String? = nil, at now: Date
    ) -> [HistoryEvent] {
        let timer = Load(petID: state.pet.id, kind: kind, startedAt: now, duration: duration)
        state.load = timer
        state.pet.cycle.stage = kind.runningStage
        return [
            HistoryEvent(
                at: now, event: HistoryEvent.started(kind), petID: state.pet.id,
                loadID: timer.id, detail: .length(seconds: duration.timeInterval, programme: programme))
        ]
    }

    /// A move on a running load, its time `left` kept to the millisecond (no float noise); `kind` where a fact has it.
    private static func timeLeftFact(
        _ event: HistoryEvent.Kind, _ state: PetState, load: UUID?, left: Double?, kind: LoadKind?, at now: Date
    ) -> [HistoryEvent] {
        let detail = left.map { HistoryDetail.remaining(seconds: ($0 * 1000).rounded() / 1000, timer: kind) }
        return [HistoryEvent(at: now, event: event, petID: state.pet.id, loadID: load, detail: detail)]
    }

    private static func require(_ state: PetState, in stages: Set<Stage>, move: Move, now: Date) throws(PetError) {
        guard stages.contains(state.pet.cycle.stage) else { throw illegalMove(move, state, now: now) }
    }

    static func illegalMove(_ move: Move, _ state: PetState, now: Date) -> PetError {
        // A paused timer will not finish by waiting: the way on is to resume it (or cancel).
        if let timer = state.liveLoad, timer.isPaused {
            return .pausedTimer(
                move, pet: state.pet.identity.name, stage: state.pet.cycle.stage, timerLeft: timer.remaining(at: now))
        }
        return .illegalMove(
            move, pet: state.pet.identity.name, stage: state.pet.cycle.stage,
            timerLeft: state.liveLoad?.remaining(at: now))
    }
}
