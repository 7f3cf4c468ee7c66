import FoundationEssentials

/// The household rotation (`household turns Ana Ben Chloe`): a load started by one in it is their turn; then the next.
public struct Turns: Codable, Equatable, Sendable {
    public var people: [Person]

    public init(people: [Person]) { self.people = people }

    /// Whose turn the next load is, from the loads started since the rotation was set (nil: no rotation).
    public func next(after loads: [LoadRecord], since: Date) -> Person? {
        guard !people.isEmpty else { return nil }
        let last =
            loads
            .filter { $0.wash.started >= since }
            .sorted { $0.wash.started < $1.wash.started }
            .compactMap { load in load.startedBy.flatMap { people.firstIndex(of: $0) } }
            .last
        return people[last.map { ($0 + 1) % people.count } ?? 0]
    }

    /// Why `names` cannot be a rotation, if they cannot: a name that is not one, or one twice.
    public static func problem(_ names: [String]) -> PetError? {
        var seen: Set<Person> = []
        for name in names {
            guard DaemonConfig.person(name) != nil else { return .notAPersonName(name) }
            guard seen.insert(Person(name)).inserted else { return .personTwice(name) }
        }
        return nil
    }
}
