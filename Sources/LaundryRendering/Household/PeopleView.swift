import LaundryCore

/// `laundry stats --people`: who starts, moves and folds the loads, and how long each one's wet laundry waited.
public struct PeopleView {
    public let people: [PersonFigures]
    public let style: Style

    public init(people: [PersonFigures], style: Style) {
        self.people = people
        self.style = style
    }

    public func render() -> String {
        guard !people.isEmpty else {
            return Words.text("No load names a person yet: people are recorded from this version on.")
        }
        func span(_ seconds: Double?) -> String { seconds.map { DurationText.rough($0.rounded()) } ?? "–" }
        let header = [
            Words.text("PERSON"), Words.text("STARTED"), Words.text("MOVED"), Words.text("FOLDED"),
            Words.text("WET WAIT (MEDIAN)"), Words.text("LONGEST"), Words.text("SHARE"),
        ]
        let rows: [[TextTable.Cell]] = people.map { person in
            [
                (TerminalText.sanitize(person.person.name), .bold), (Numbers.integer(person.started), nil),
                (Numbers.integer(person.moved), nil), (Numbers.integer(person.folded), nil),
                (span(person.medianWetWait), (person.medianWetWait ?? 0) >= 3600 ? .red : nil),
                (span(person.longestWetWait), nil), (Numbers.percent(Int(person.share.rounded())), nil),
            ]
        }
        return TextTable.render(
            header: header, rows: rows, style: style,
            cuts: [.drop(5), .drop(4), .shorten(0, to: 10), .drop(2)])
    }
}

/// `stats --people --json`: one object per person; `share` in percent, unrounded (they sum to 100).
public struct PersonJSON: Encodable {
    let person: Person
    let started: Int
    let moved: Int
    let folded: Int
    let medianWetWaitSeconds: Nullable<Double>
    let longestWetWaitSeconds: Nullable<Double>
    /// Their steps against everyone's, 0…1 to the thousandth (the table says it in percent).
    let share: Double

    public init(_ figures: PersonFigures) {
        (person, started, moved, folded) = (figures.person, figures.started, figures.moved, figures.folded)
        medianWetWaitSeconds = Nullable(JSONOutput.seconds(figures.medianWetWait))
        longestWetWaitSeconds = Nullable(JSONOutput.seconds(figures.longestWetWait))
        share = (figures.share * 10).rounded() / 1000
    }
}
