import FoundationEssentials

/// What the load records say, per pet and in all: the wet wait (which makes clothes musty), loads a week, folds in 1 h.
public struct LoadStats: Equatable, Sendable {
    public struct Figures: Equatable, Sendable {
        /// The pet's id and name; nil for every pet together.
        public let petID: UUID?
        public let name: String?
        public let loads: Int
        /// Over the waits that ended (a dryer started, or an air-dried load folded).
        public let medianWetWait: Double?
        public let longestWetWait: Double?
        /// Loads started in the window, per week of it that laundry knew the pet (`weeksKnown`).
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

    /// One pet's loads, and since when laundry has known it (its adoption).
    public struct PetLoads: Sendable {
        public let id: UUID
        public let name: String
        public let since: Date
        public let loads: [LoadRecord]

        public init(id: UUID, name: String, since: Date, loads: [LoadRecord]) {
            (self.id, self.name, self.since, self.loads) = (id, name, since, loads)
        }
    }

    /// `pets`: each pet's loads, read in place (gathering 10,400 records was a tenth of `laundry stats`, 20 pets). A
    /// row per pet with loads, by name (two pets of one name, adopted on two machines at once, are two rows, by id).
    public init(pets: [PetLoads], now: Date, weeks: Int) {
        let since = pets.map { Self.knownSince($0) }.min() ?? now
        all = Self.figures(nil, pets.map(\.loads), since: since, now: now, weeks: weeks)
        self.pets = pets.filter { !$0.loads.isEmpty }
            .map { ($0.name.lowercased(), $0.id.lowercasedText, $0) }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            .map { _, _, pet in
                Self.figures(pet, [pet.loads], since: Self.knownSince(pet), now: now, weeks: weeks)
            }
    }

    /// Since its adoption, or its first load if that is earlier (a record older than its pet's part).
    private static func knownSince(_ pet: PetLoads) -> Date {
        pet.loads.lazy.map(\.wash.started).min().map { min($0, pet.since) } ?? pet.since
    }

    /// The weeks a rate is taken over: the window, or the weeks since laundry has known the pet when fewer, and at
    /// least one (a pet adopted today with one load has one load a week so far, not a sixteenth).
    public static func weeksKnown(since: Date, now: Date, weeks: Int) -> Double {
        min(Double(max(1, weeks)), max(1, now.timeIntervalSince(since) / (7 * 86_400)))
    }

    static func figures(_ pet: PetLoads?, _ groups: [[LoadRecord]], since: Date, now: Date, weeks: Int) -> Figures {
        let windowStart = now.addingTimeInterval(-Double(weeks) * 7 * 86_400)
        let span = weeksKnown(since: since, now: now, weeks: weeks)
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
            petID: pet?.id, name: pet?.name, loads: count, medianWetWait: median(waits), longestWetWait: waits.max(),
            loadsPerWeek: Double(recent) / span,
            foldedWithinAnHour: afterDryer == 0 ? nil : Double(soon) / Double(afterDryer))
        if energy.measured {
            figures.energyWhPerWeek = energy.wattHours / span
            if energy.allPriced, energy.currencies.count <= 1 {
                figures.costPerWeek = energy.cost / span
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
