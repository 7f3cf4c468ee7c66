import LaundryCore

/// `laundry household`: its people, the rotation, whose turn is next.
public enum HouseholdText {
    public static func lines(_ household: HouseholdView) -> [String] {
        let people =
            household.people.isEmpty
            ? Words.text("no machine names its person yet")
            : household.people.map { TerminalText.sanitize($0.name) }.joined(separator: ", ")
        var lines = [Words.text("People: {people}", ["people": people])]
        guard let next = household.next else {
            lines.append(Words.text("No rotation; set one with: laundry household turns Ana Ben"))
            return lines
        }
        lines.append(
            Words.text(
                "Turns: {turns}",
                ["turns": household.turns.map { TerminalText.sanitize($0.name) }.joined(separator: " → ")]))
        lines.append(nextLine(next))
        return lines
    }

    /// "Next load: Ana is up.", for `household` and `status`.
    public static func nextLine(_ next: Person) -> String {
        Words.text("Next load: {person} is up.", ["person": TerminalText.sanitize(next.name)])
    }
}

/// `household --json`: `{people, turns, next}`.
public struct HouseholdJSON: Encodable {
    let people: [Person]
    let turns: [Person]
    let next: Nullable<Person>

    public init(_ household: HouseholdView) {
        (people, turns, next) = (household.people, household.turns, Nullable(household.next))
    }
}
