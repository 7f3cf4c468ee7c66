import FoundationEssentials

/// What a machine's reports mean for its load, one report after another: the edges integrations get wrong are decided
/// here (an end already past while it runs, a finish while it runs, an end that jumps by hours, a null countdown).
public struct MachineFollower: Sendable {
    public enum Step: Equatable, Sendable {
        /// It began to run: a load of its kind starts if none runs.
        case started
        /// The running load's end is this (always at least `leadSeconds` ahead: no end in the past is shown).
        case end(Date)
        case paused
        case resumed
        /// Its programme ended: the running load ends now.
        case finished
        /// Its door opened (after a finish it counts as the load taken out).
        case doorOpened
        /// It says nothing any more: laundry's own timer is used again.
        case lost
        /// It stopped without finishing (cancelled on the machine): laundry's own timer, the load resumed if paused.
        case stoppedUnfinished
        /// A finish reported while its end says it still has long to run (LG's "complete" during load sensing): the
        /// load is left to laundry's own timer at that end, unless the machine runs on.
        case finishIgnored
        /// An end moved by whole hours with nothing else changed (a time change misread): held until repeated.
        case jumpHeld(Date)
    }

    /// An end this close, or past while it still runs, is shown this far ahead until the machine says it finished.
    public static let leadSeconds = 60.0
    /// Ends closer than this to the load's are not written again (Home Connect recomputes its end every minute).
    public static let settleSeconds = 30.0
    /// A finish is believed only when the end says less than this is left.
    public static let finishSlackSeconds = 180.0

    /// The last activity the machine reported (unknown ones skipped): a Matter run that stops is a finish after it.
    public private(set) var lastKnown: MachineReport.Activity?
    public private(set) var lastDoorOpen: Bool?
    /// Whether the last report said anything at all.
    public private(set) var speaks = false
    private var heldJump: (end: Date, stamp: Date?)?
    /// When the machine first ran past its load's end, for `heldTooLong`; a new end it gives forgets it.
    private var heldSince: Date?
    /// A finish was reported with the end still far off, and is not believed yet.
    private var finishDoubted = false

    public init() {}

    /// The steps a new report asks of the load. `loadEnd`: the end of the load of its kind running now (nil: none);
    /// `followed`: that load already follows this machine (a finish missed while the daemon was away still ends it).
    public mutating func read(
        _ report: MachineReport, states words: MachineStateWords, loadEnd: Date?, followed: Bool, at now: Date
    ) -> [Step] {
        var steps: [Step] = []
        if let open = report.doorOpen {
            // Only an opening counts: a door already open when first heard says nothing of when it opened.
            if open, lastDoorOpen == false { steps.append(.doorOpened) }
            lastDoorOpen = open
        }
        guard report.activity != .unknown else {
            if speaks { steps.append(.lost) }
            speaks = false
            return steps
        }
        speaks = true
        let before = lastKnown
        lastKnown = report.activity
        if report.activity != .finished { finishDoubted = false }
        if report.activity != .running { heldSince = nil }
        switch report.activity {
        case .running:
            if before == .paused || before == .failed {
                steps.append(.resumed)
            } else if before != .running {
                steps.append(.started)
            }
            if let end = wantedEnd(
                report.endsAt, said: report.endChangedAt, loadEnd: loadEnd, changed: before != .running, at: now)
            {
                steps.append(end)
            }
        case .paused, .failed:
            if before != .paused && before != .failed { steps.append(.paused) }
        case .finished:
            let farOff = report.endsAt.map { $0.timeIntervalSince(now) > Self.finishSlackSeconds } ?? false
            if farOff && loadEnd != nil {
                // Said finished with most of the programme still to run: not believed; laundry's own timer ends the
                // load at the end given, unless the machine runs on (LG's "complete" during load sensing).
                if !finishDoubted { steps.append(.finishIgnored) }
                finishDoubted = true
            } else if before != .finished || finishDoubted || (followed && loadEnd != nil) {
                finishDoubted = false
                steps.append(.finished)
            }
        case .idle:
            let ranBefore = before == .running || before == .paused || before == .failed
            if loadEnd != nil && (words.stopFinishes && ranBefore || before == nil && followed) {
                steps.append(.finished)
            } else if loadEnd != nil && ranBefore && followed {
                steps.append(.stoppedUnfinished)
            }
        case .unknown:
            break
        }
        return steps
    }

    /// Time passed without a report: a load of a machine that still runs never shows an end in the past.
    public mutating func keepAhead(loadEnd: Date, at now: Date) -> Date? {
        guard speaks, lastKnown == .running, loadEnd.timeIntervalSince(now) < Self.leadSeconds / 2 else { return nil }
        if heldSince == nil { heldSince = now }
        return now.addingTimeInterval(Self.leadSeconds)
    }

    /// Running past its end for longer than any programme overruns: the integration is stuck, not the machine.
    public static let longestHoldSeconds = 3.0 * 3600

    /// Whether the machine has said it still runs past its end for `longestHoldSeconds`.
    public func heldTooLong(at now: Date) -> Bool {
        heldSince.map { now.timeIntervalSince($0) >= Self.longestHoldSeconds } ?? false
    }

    /// `stamp`: when the end entity itself last changed (a repeat is a new state of it, not another entity's news).
    private mutating func wantedEnd(
        _ said: Date?, said stamp: Date?, loadEnd: Date?, changed: Bool, at now: Date
    ) -> Step? {
        let soonest = now.addingTimeInterval(Self.leadSeconds)
        if let said, said > soonest { heldSince = nil }
        guard let said else {
            // A null countdown: laundry's own guess stands, only never in the past.
            guard let loadEnd, loadEnd < soonest else { return nil }
            return .end(soonest)
        }
        let end = max(said, soonest)
        guard let loadEnd else { return .end(end) }
        let moved = end.timeIntervalSince(loadEnd)
        guard abs(moved) >= Self.settleSeconds else {
            // It said the load's end again: a jump held before is forgotten, not confirmed later.
            heldJump = nil
            return nil
        }
        // Whole hours (±2 min), an hour or more: the look of a time change read wrong, not of a programme changed.
        let hours = (abs(moved) / 3600).rounded()
        let isHourJump = hours >= 1 && abs(abs(moved) - hours * 3600) <= 120
        if isHourJump && !changed {
            if let held = heldJump, abs(held.end.timeIntervalSince(end)) < Self.settleSeconds * 2,
                stamp == nil || stamp != held.stamp
            {
                heldJump = nil
                return .end(end)
            }
            heldJump = (end, stamp)
            return .jumpHeld(end)
        }
        heldJump = nil
        return .end(end)
    }
}
