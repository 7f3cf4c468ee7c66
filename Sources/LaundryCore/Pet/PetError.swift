import FoundationEssentials

/// What the domain refuses (an unknown pet, an unusable name, a move the stage forbids), as data: `ErrorText` words it.
public enum PetError: Error, Equatable, Sendable {
    case unknownPet(String, suggestion: String?)
    case ambiguousPet(String, candidates: [String])
    case noPets
    case invalidName(String, NameProblem)
    /// A kind no kind of the data folder is; the ones it has, to name (with their words) in the refusal.
    case unknownKind(String, known: [Kind])
    case invalidCycleDays(String)
    case cycleDaysOutOfRange(String)
    /// `move` is not allowed in `stage`; `timerLeft` is the running timer's remaining seconds.
    case illegalMove(Move, pet: String, stage: Stage, timerLeft: Double?)
    /// `move` is not allowed while the stage's timer is paused with `timerLeft` seconds to go.
    case pausedTimer(Move, pet: String, stage: Stage, timerLeft: Double)
    case notPaused(pet: String)
    case alreadyPaused(pet: String)
    /// `snooze --off` on a pet whose reminders are not held back.
    case notSnoozed(pet: String)
    /// `extend` by so much earlier that the load would end now or before (`left` is its time left).
    case endBeforeNow(pet: String, left: Double, by: Int)
    /// `extend` past 24 hours of time left.
    case endTooFar(pet: String, left: Double, by: Int)
    /// `--programme` names one the pet does not have (`known`: the ones it has).
    case unknownProgramme(String, pet: String, known: [String])
    /// `set --programme` with text that is not `name=length`.
    case invalidProgramme(String)
    /// A rotation's name that cannot be a person's (`household turns`).
    case notAPersonName(String)
    case personTwice(String)
    /// A nudge about the same load within the hour: the next is allowed at `allowedAt`.
    case nudgedTooSoon(pet: String, allowedAt: Date)
    /// A nudge to someone no machine of the household names as its person (`known`: who is).
    case nobodyCalled(String, known: [String])
}

/// Why a name cannot be a pet's.
public enum NameProblem: Equatable, Sendable {
    case blank
    case tooLong(characters: Int, limit: Int)
    /// A control character or invisible formatting (a newline, a right-to-left mark): its code point.
    case invisible(UInt32)
}
