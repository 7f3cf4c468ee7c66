/// The household as its people see it (`laundry household`): who uses which machine, the rotation, whose turn is next.
public struct HouseholdView: Equatable, Sendable {
    /// Every machine's person, as its machine file names them (sorted, once each).
    public var people: [Person]
    public var turns: [Person]
    /// Whose turn the next load is; nil without a rotation.
    public var next: Person?

    public init(people: [Person], turns: [Person], next: Person?) {
        self.people = people
        self.turns = turns
        self.next = next
    }
}
