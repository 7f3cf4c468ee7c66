import FoundationEssentials

/// What the load records say, per pet and in all: the wet wait (which makes clothes musty), loads a week, folds in 1 h.
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
        /// What the loads started in the window drew, per week (nil: none measured by a plug).
        public var energyWhPerWeek: Double? = nil
        /// What they cost, per week, when every measured load had a price, in `currency`.
        public var costPerWeek: Double? = nil
        public var currency: String? = nil
    }

    public let all: Figures
    public let pets: [Figures]

    public static let empty = LoadStats(pets: [], now: Date(timeIntervalSince1970: 0), weeks: 1)

    /// `pets`: each pet's loads, read in place (gathering 10,400 records was a tenth of `laundry stats`, 20 pets).
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
        var energy = Energy()
        for loads in groups {
            count += loads.count
            // By index: a `for load in` copies each record.
            for index in loads.indices {
                // Only a wait that ended: a load still wet now is not a finished wait yet.
                if loads[index].dryer != nil || loads[index].isAirDried, let wait = loads[index].wetWait(at: now) {
                    waits.append(wait)
                }
                let started = loads[index].wash.started
                if started >= windowStart && started <= now {
                    recent += 1
                    energy.add(loads[index])
                }
                if loads[index].end == .folded && loads[index].dryEnded != nil {
                    afterDryer += 1
                    if (loads[index].foldWait(at: now) ?? .infinity) <= 3600 { soon += 1 }
                }
            }
        }
        var figures = Figures(
            name: name, loads: count, medianWetWait: median(waits), longestWetWait: waits.max(),
            loadsPerWeek: Double(recent) / Double(max(1, weeks)),
            foldedWithinAnHour: afterDryer == 0 ? nil : Double(soon) / Double(afterDryer))
        if energy.measured {
            figures.energyWhPerWeek = energy.wattHours / Double(max(1, weeks))
            if energy.allPriced, energy.currencies.count <= 1 {
                figures.costPerWeek = energy.cost / Double(max(1, weeks))
                figures.currency = energy.currencies.first ?? nil
            }
        }
        return figures
    }

    /// The plugs' figures of the loads in the window, summed.
    private struct Energy {
        var measured = false
        var wattHours = 0.0
        var cost = 0.0
        var allPriced = true
        var currencies: Set<String?> = []

        mutating func add(_ load: borrowing LoadRecord) {
            guard load.washEnergyWh != nil || load.dryEnergyWh != nil else { return }
            measured = true
            wattHours += (load.washEnergyWh ?? 0) + (load.dryEnergyWh ?? 0)
            if let price = load.cost {
                cost += price.value
                currencies.insert(price.currency)
            } else {
                allPriced = false
            }
        }
    }

    /// The middle value; for an even count, the mean of the two middle ones.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
