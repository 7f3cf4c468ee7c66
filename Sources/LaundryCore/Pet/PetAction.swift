import FoundationEssentials

/// The moves a person can make on a pet; the raw value is the command that makes it.
public enum Move: String, CaseIterable, Sendable {
    case wash, dry
    case moreDry = "more-dry"
    case fold, cancel, pause, resume, snooze
    case extend, finish
}

/// What a person asks of a pet, by command or notification button: both go through `Laundry.perform`, so do the same.
public enum PetAction: Sendable, Equatable {
    /// A wash, for a length or else its programme's or the pet's.
    case wash(LaundryDuration?, programme: String? = nil)
    case dry(LaundryDuration?, programme: String? = nil)
    case moreDry(LaundryDuration?)
    case fold
    case cancel
    case pause
    case resume
    case snooze(LaundryDuration?)
    /// Ends a snooze before its time (`snooze --off`): reminders and warnings are due again as if there had been none.
    case endSnooze
    /// Moves the running load's end later by a number of seconds (earlier when negative; nil: 10 minutes later).
    case extend(seconds: Int?)
    /// Ends the running load now, as if its timer had run out.
    case finish

    public var move: Move {
        switch self {
        case .wash: return .wash
        case .dry: return .dry
        case .moreDry: return .moreDry
        case .fold: return .fold
        case .cancel: return .cancel
        case .pause: return .pause
        case .resume: return .resume
        case .snooze, .endSnooze: return .snooze
        case .extend: return .extend
        case .finish: return .finish
        }
    }

    /// Whether the daemon must run after it: a started or resumed timer has an end to announce, a snooze one to await,
    /// a snooze ended reminders to send.
    public var needsDaemon: Bool {
        switch self {
        case .wash, .dry, .moreDry, .resume, .snooze, .endSnooze, .extend, .finish: return true
        case .fold, .cancel, .pause: return false
        }
    }

    /// The move itself, on a state already brought up to date.
    public func apply(to state: inout PetState, at now: Date) throws(PetError) -> [HistoryEvent] {
        switch self {
        case .wash(let duration, let programme):
            return try StageMachine.wash(&state, for: duration, programme: programme, at: now)
        case .dry(let duration, let programme):
            return try StageMachine.dry(&state, for: duration, programme: programme, at: now)
        case .moreDry(let duration): return try StageMachine.moreDry(&state, for: duration, at: now)
        case .fold: return try StageMachine.fold(&state, at: now)
        case .cancel: return try StageMachine.cancel(&state, at: now)
        case .pause: return try StageMachine.pause(&state, at: now)
        case .resume: return try StageMachine.resume(&state, at: now)
        case .snooze(let duration): return StageMachine.snooze(&state, for: duration, at: now)
        case .endSnooze: return try StageMachine.endSnooze(&state, at: now)
        case .extend(let seconds): return try StageMachine.extend(&state, by: seconds, at: now)
        case .finish: return try StageMachine.finish(&state, at: now)
        }
    }
}
