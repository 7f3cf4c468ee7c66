import FoundationEssentials

/// A load in the washer or dryer: an absolute wall-clock end, never a counter, so it survives a suspend, a crash or a
/// clock change. Kept in the cycle part (never arriving apart); finished once the cycle reaches its finished stage.
public struct Load: Codable, Equatable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// Tells one load from the next, so a finish is recorded and announced once per load.
    public var id: UUID
    public var petID: UUID
    public var kind: LoadKind
    public var startedAt: Date
    public var endsAt: Date
    /// Set while paused: what was left when it was paused.
    public var pausedRemaining: Double?
    public var pausedAt: Date?
    /// The load's planned length, kept across pauses (where `endsAt − startedAt` stops meaning it).
    public var plannedSeconds: Double
    /// The appliance whose plug said it stopped, when that ended the load instead of the clock.
    public var stoppedBy: Appliance?
    /// The person who started it: with `escalateAfterMinutes`, their machines ring first.
    public var startedBy: Person?
    /// The machine whose own word (through Home Assistant) sets its end; nil while laundry's own timer does.
    public var followedBy: Appliance?
    /// The machine says it still runs past its end: the clock does not end the load before this (a lease the following
    /// daemon renews, so a load is never held for ever by a daemon that went away).
    public var heldUntil: Date?
    /// When its machine's door opened after it finished: the load was taken out, and is dealt with.
    public var unloadedAt: Date?

    public init(id: UUID = UUID(), petID: UUID, kind: LoadKind, startedAt: Date, duration: LaundryDuration) {
        schemaVersion = Self.currentSchemaVersion
        self.id = id
        self.petID = petID
        self.kind = kind
        self.startedAt = startedAt
        endsAt = startedAt.addingTimeInterval(duration.timeInterval)
        pausedRemaining = nil
        pausedAt = nil
        plannedSeconds = duration.timeInterval
    }

    public var isPaused: Bool { pausedRemaining != nil }

    /// Why the values cannot be right, if they cannot; such a file is set aside.
    public var implausibleValue: FileProblem? {
        let day = Double(LaundryDuration.maximumSeconds)
        if let pausedRemaining, !(0...day).contains(pausedRemaining) { return .implausible(field: "pausedRemaining") }
        if !(0...day).contains(plannedSeconds) { return .implausible(field: "plannedSeconds") }
        if abs(endsAt.timeIntervalSince(startedAt)) > 400 * day { return .implausible(field: "endsAt") }
        return nil
    }

    public func remaining(at now: Date) -> Double {
        if let pausedRemaining { return pausedRemaining }
        return max(0, endsAt.timeIntervalSince(now))
    }

    public func hasEnded(at now: Date) -> Bool { !isPaused && now >= endsAt && !isHeld(at: now) }

    /// Past its end, but its machine says it still runs.
    public func isHeld(at now: Date) -> Bool { heldUntil.map { now < $0 } ?? false }

    /// When the clock alone ends it (unpaused): its end, or the end of its machine's lease on it.
    public var clockEnd: Date { max(endsAt, heldUntil ?? endsAt) }

    /// Which of five growth stages (Forest's) the load has reached: 1 in its first fifth, 5 in its last and once ended.
    public func growthStage(at now: Date) -> Int {
        min(5, Int((progress(at: now) * 5).rounded(.down)) + 1)
    }

    /// The fraction done, 0…1.
    public func progress(at now: Date) -> Double {
        min(1, max(0, (plannedSeconds - remaining(at: now)) / plannedSeconds))
    }

    /// The end a running or paused timer would have if resumed now.
    public func projectedEnd(at now: Date) -> Date {
        isPaused ? now.addingTimeInterval(remaining(at: now)) : endsAt
    }
}
