import FoundationEssentials

/// Who does the laundry (`stats --people`): per person, loads started, wet moves (to dryer or line), folds, the wet
/// wait of their loads, and their share of steps. Loads from before people were recorded count for no one.
public struct PersonFigures: Equatable, Sendable {
    public let person: Person
    public var started = 0
    public var moved = 0
    public var folded = 0
    /// Of the loads they started, once the wet laundry was moved.
    public var medianWetWait: Double?
    public var longestWetWait: Double?
    /// Their steps (starts, moves, folds) as a percentage of everyone's; the shares sum to 100.
    public var share = 0.0

    public init(person: Person) { self.person = person }

    /// Everyone who took a step, the one with the largest share first (then by name).
    public static func of(_ loads: [LoadRecord], now: Date) -> [PersonFigures] {
        var figures: [Person: PersonFigures] = [:]
        var waits: [Person: [Double]] = [:]
        func count(_ person: Person?, _ step: WritableKeyPath<PersonFigures, Int>) {
            guard let person else { return }
            figures[person, default: PersonFigures(person: person)][keyPath: step] += 1
        }
        for load in loads {
            count(load.startedBy, \.started)
            count(load.movedBy, \.moved)
            count(load.foldedBy, \.folded)
            if let person = load.startedBy, load.dryer != nil || load.isAirDried, let wait = load.wetWait(at: now) {
                waits[person, default: []].append(wait)
            }
        }
        let steps = figures.values.reduce(0) { $0 + $1.started + $1.moved + $1.folded }
        var list = Array(figures.values)
        for index in list.indices {
            let person = list[index].person
            list[index].medianWetWait = LoadStats.median(waits[person] ?? [])
            list[index].longestWetWait = waits[person]?.max()
            let own = list[index].started + list[index].moved + list[index].folded
            list[index].share = steps == 0 ? 0 : Double(own) * 100 / Double(steps)
        }
        return list.sorted { $0.share != $1.share ? $0.share > $1.share : $0.person.name < $1.person.name }
    }
}
