import FoundationEssentials

/// What the load records say, per pet and in all: how long wet laundry waited in the washer (the
/// number that decides whether clothes go musty), loads per week, and how often a dried load was
/// folded within an hour.
public struct LoadStats: Equatable, Sendable {
    public struct Figures: Equatable, Sendable {
        /// Nil for every pet together.
        public let name: String?
        public let loads: Int
        /// Over the waits that ended (a dryer started, or an air-dried load folded).
        public let medianWetWait: Double?
        public let longestWetWait: Double?
        /// Loads started in the window, per week.
        public let loadsPerWeek: Double
        /// Of the loads folded after a dryer, the share folded within an hour of its end.
        public let foldedWithinAnHour: Double?
    }

    public let all: Figures
    public let pets: [Figures]

    public static let empty = LoadStats(pets: [], now: Date(timeIntervalSince1970: 0), weeks: 1)

    /// - Parameter pets: each pet's loads, as derived: looked at in place, not gathered into one
    ///   list (copying 10,400 records was a tenth of `laundry stats` on ten years of 20 pets).
    public init(pets: [(name: String, loads: [LoadRecord])], now: Date, weeks: Int) {
        all = Self.figures(nil, pets.map(\.loads), now: now, weeks: weeks)
        var byName: [String: [[LoadRecord]]] = [:]
        for pet in pets where !pet.loads.isEmpty { byName[pet.name, default: []].append(pet.loads) }
        self.pets = byName.keys.sorted { $0.lowercased() < $1.lowercased() }.map {
            Self.figures($0, byName[$0]!, now: now, weeks: weeks)
        }
    }

    static func figures(_ name: String?, _ groups: [[LoadRecord]], now: Date, weeks: Int) -> Figures {
        let windowStart = now.addingTimeInterval(-Double(weeks) * 7 * 86_400)
        var waits: [Double] = []
        var (count, recent, afterDryer, soon) = (0, 0, 0, 0)
        for loads in groups {
            count += loads.count
            // By index: a `for load in` copies each record.
            for index in loads.indices {
                // Only a wait that ended: a load still wet now is not a finished wait yet.
                if loads[index].dryer != nil || loads[index].isAirDried, let wait = loads[index].wetWait(at: now) {
                    waits.append(wait)
                }
                let started = loads[index].wash.started
                if started >= windowStart && started <= now { recent += 1 }
                if loads[index].end == .folded && loads[index].dryEnded != nil {
                    afterDryer += 1
                    if (loads[index].foldWait(at: now) ?? .infinity) <= 3600 { soon += 1 }
                }
            }
        }
        return Figures(
            name: name, loads: count, medianWetWait: median(waits), longestWetWait: waits.max(),
            loadsPerWeek: Double(recent) / Double(max(1, weeks)),
            foldedWithinAnHour: afterDryer == 0 ? nil : Double(soon) / Double(afterDryer))
    }

    /// The middle value; for an even count, the mean of the two middle ones.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
