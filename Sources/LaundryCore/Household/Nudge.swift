import FoundationEssentials

/// `laundry nudge Ana Socks`: a push to one person, popped up (and rung once) on their machines. In the pet's
/// reminders part, so it reaches every machine; at most one an hour for a load, so it cannot become spam.
public struct Nudge: Codable, Equatable, Sendable {
    public static let interval = 3600.0

    /// Whom, and who nudged, as their machines name them.
    public var to: Person
    public var by: Person
    public var at: Date
    /// The load it is about (nil: an idle pet, to be washed).
    public var load: UUID?

    public init(to: Person, by: Person, at: Date, load: UUID?) {
        self.to = to
        self.by = by
        self.at = at
        self.load = load
    }

    /// When the next nudge about `load` is allowed, if not yet at `now`.
    public func nextAllowed(for load: UUID?, at now: Date) -> Date? {
        let next = at.addingTimeInterval(Self.interval)
        return load == self.load && now < next ? next : nil
    }

    /// Whether it is for `person` and fresh enough to pop up at `now` (under an hour; a sender may be 10 min fast).
    public func isFor(_ person: Person, at now: Date) -> Bool {
        to == person && now >= at.addingTimeInterval(-600)
            && now < at.addingTimeInterval(Self.interval)
    }
}
