import FoundationEssentials

/// An appliance's energy over a run from its plug: trapezoids for readings up to `trapezoidSeconds` apart, else the
/// earlier reading held up to the staleness bound; each stretch at its price, unrounded. Pure; kept with the watch.
public struct EnergyMeter: Codable, Equatable, Sendable {
    /// Readings this close are joined by a straight line; farther apart, the plug said nothing new.
    public static let trapezoidSeconds: Double = 5

    public struct Reading: Codable, Equatable, Sendable {
        public let watts: Double
        public let at: Date
    }

    public private(set) var wattHours: Double = 0
    /// The cost of the energy that had a price, in the price's currency.
    public private(set) var cost: Double = 0
    /// Whether some stretch had no price (none configured, or a price topic not heard yet).
    public private(set) var unpriced = false
    public private(set) var last: Reading?
    /// When the plug last spoke: a hold carries its reading on, but never past the staleness bound counted from here.
    public private(set) var heardAt: Date?

    public init() {}

    private enum Key: String, CodingKey { case wattHours, cost, unpriced, last, heardAt }

    // An earlier version's meter has no `heardAt`: its last reading is when the plug spoke.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        wattHours = try container.decode(Double.self, forKey: .wattHours)
        cost = try container.decode(Double.self, forKey: .cost)
        unpriced = try container.decode(Bool.self, forKey: .unpriced)
        last = try container.decodeIfPresent(Reading.self, forKey: .last)
        heardAt = try container.decodeIfPresent(Date.self, forKey: .heardAt) ?? last?.at
    }

    /// Counts the stretch since the last reading and keeps this one.
    public mutating func read(watts: Double, at now: Date, staleAfter: Double, prices: PriceBook) {
        let reading = Reading(watts: watts, at: now)
        if let last { count(from: last, to: reading, staleAfter: staleAfter, prices: prices) }
        if last.map({ now >= $0.at }) ?? true {
            last = reading
            heardAt = now
        }
    }

    /// Counts up to `now` at the last reading's power, then goes on: at the run's end, or before a price change.
    public mutating func hold(until now: Date, staleAfter: Double, prices: PriceBook) {
        guard let last, now > last.at else { return }
        let bound = (heardAt ?? last.at).addingTimeInterval(staleAfter)
        let held = Reading(watts: last.watts, at: now)
        count(from: last, to: held, staleAfter: max(0, bound.timeIntervalSince(last.at)), prices: prices, joined: false)
        // Past the bound the plug is not believed: the next reading starts afresh.
        self.last = now <= bound ? held : nil
    }

    private mutating func count(
        from start: Reading, to end: Reading, staleAfter: Double, prices: PriceBook, joined: Bool? = nil
    ) {
        let gap = end.at.timeIntervalSince(start.at)
        guard gap > 0, staleAfter > 0 || joined != false else { return }
        let straight = joined ?? (gap <= Self.trapezoidSeconds)
        let until = straight ? end.at : start.at.addingTimeInterval(min(gap, staleAfter))
        let power = { (time: Date) -> Double in
            guard straight else { return start.watts }
            return start.watts + (end.watts - start.watts) * time.timeIntervalSince(start.at) / gap
        }
        let cuts = [start.at] + prices.changes(after: start.at, before: until) + [until]
        for (from, to) in zip(cuts, cuts.dropFirst()) where to > from {
            let wattHours = (power(from) + power(to)) / 2 * to.timeIntervalSince(from) / 3600
            self.wattHours += wattHours
            // A stretch without a price leaves the cost unknown, even one that drew nothing.
            if let price = prices.perKWh(at: from) { cost += wattHours / 1000 * price } else { unpriced = true }
        }
    }
}
