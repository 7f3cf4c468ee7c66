import FoundationEssentials

/// When to start the washer, then the dryer, so a load is done by a time at the lowest cost: advice from the prices,
/// lengths and energy, quiet hours (no start in them) and the wet wait accepted. laundry never switches anything on.
public struct LoadPlan: Equatable, Sendable {
    public let washStartsAt: Date
    public let dryStartsAt: Date
    public let endsAt: Date
    /// What the stages with a measured energy cost at these starts (`unmeasured` names those left out); nil when no
    /// stage has one, or when these starts are not priced for every minute.
    public let cost: Double?
    /// The same stages started now (the dryer as soon as the wash ends); nil when that cannot be priced.
    public let costIfStartedNow: Double?
    /// Every minute of the starts chosen had a price, so they are the cheapest (with measured energy or not); false:
    /// no price was known, and they are the earliest that fit.
    public let pricedHours: Bool
    /// Each stage's energy as its runs measured it (by a plug, or by the machine itself); nil: none measured.
    public let washWattHours: Double?
    public let dryWattHours: Double?

    /// The stages with no measured energy, whose cost `cost` leaves out: the wash, then the dryer's stage.
    public var unmeasured: [LoadKind] {
        [(LoadKind.wash, washWattHours), (.dry, dryWattHours)].compactMap { $0.1 == nil ? $0.0 : nil }
    }

    /// `pricedHours` nil: as the cost says.
    public init(
        washStartsAt: Date, dryStartsAt: Date, endsAt: Date, cost: Double?, costIfStartedNow: Double?,
        pricedHours: Bool? = nil, washWattHours: Double?, dryWattHours: Double?
    ) {
        self.washStartsAt = washStartsAt
        self.dryStartsAt = dryStartsAt
        self.endsAt = endsAt
        self.cost = cost
        self.costIfStartedNow = costIfStartedNow
        self.pricedHours = pricedHours ?? (cost != nil)
        self.washWattHours = washWattHours
        self.dryWattHours = dryWattHours
    }

    /// The wet wait a plan allows when none is given (`--max-wait`).
    public static let defaultMaxWaitSeconds = 1800.0

    public struct Load: Sendable {
        public var washSeconds: Double
        public var drySeconds: Double
        /// Each stage's energy, spread evenly; nil until one of its runs was measured (the plan then weighs that
        /// stage's hours as 1 kWh, and leaves it out of the cost).
        public var washWattHours: Double?
        public var dryWattHours: Double?

        public init(washSeconds: Double, drySeconds: Double, washWattHours: Double? = nil, dryWattHours: Double? = nil)
        {
            self.washSeconds = washSeconds
            self.drySeconds = drySeconds
            self.washWattHours = washWattHours
            self.dryWattHours = dryWattHours
        }
    }

    /// Wash starts each minute from `now` (rounded up), dryer starts each wet-wait minute and both ends; nil: none fit.
    public static func best(
        _ load: Load, now: Date, finishBy: Date, maxWaitSeconds: Double, prices: PriceBook,
        quiet: QuietHours?, zone: LocalZone
    ) -> LoadPlan? {
        let origin = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.up) * 60)
        let latestEnd = finishBy.timeIntervalSince(origin)
        let (wash, dry, wait) = (load.washSeconds, load.drySeconds, maxWaitSeconds)
        guard latestEnd >= wash + dry else { return nil }
        let curve = PriceCurve(prices, from: origin, to: finishBy)
        let washEnergy = (load.washWattHours ?? 1000) / 1000
        let dryEnergy = (load.dryWattHours ?? 1000) / 1000
        func allowed(_ offset: Double) -> Bool {
            guard let quiet else { return true }
            return !quiet.contains(origin.addingTimeInterval(offset), in: zone)
        }
        // A start with a price for every minute beats one without; among equals, the earliest.
        var best: (cost: Double?, wash: Double, dry: Double, washCost: Double?, dryCost: Double?)?
        func better(_ cost: Double?) -> Bool {
            guard let best else { return true }
            guard let cost else { return false }
            return best.cost.map { cost < $0 - 1e-12 } ?? true
        }
        var washStart = 0.0
        while washStart + wash + dry <= latestEnd {
            defer { washStart += 60 }
            guard allowed(washStart) else { continue }
            let washCost = curve.average(washStart, washStart + wash).map { $0 * washEnergy }
            let earliest = washStart + wash
            let latest = min(earliest + wait, latestEnd - dry)
            guard latest >= earliest else { continue }
            // The dryer: each whole minute between the wait's ends, and both ends.
            var candidates = [earliest, latest]
            var minute = (earliest / 60).rounded(.up) * 60
            while minute < latest {
                candidates.append(minute)
                minute += 60
            }
            for dryStart in candidates.sorted() where allowed(dryStart) {
                let dryCost = curve.average(dryStart, dryStart + dry).map { $0 * dryEnergy }
                let cost = washCost.flatMap { washCost in dryCost.map { washCost + $0 } }
                if better(cost) { best = (cost, washStart, dryStart, washCost, dryCost) }
            }
        }
        guard let best else { return nil }
        let nowCurve = PriceCurve(prices, from: now, to: now.addingTimeInterval(wash + dry))
        let nowWashCost = nowCurve.average(0, wash).map { $0 * washEnergy }
        let nowDryCost = nowCurve.average(wash, wash + dry).map { $0 * dryEnergy }
        return LoadPlan(
            washStartsAt: origin.addingTimeInterval(best.wash), dryStartsAt: origin.addingTimeInterval(best.dry),
            endsAt: origin.addingTimeInterval(best.dry + dry),
            cost: best.cost == nil ? nil : load.measuredCost(wash: best.washCost, dry: best.dryCost),
            costIfStartedNow: load.measuredCost(wash: nowWashCost, dry: nowDryCost), pricedHours: best.cost != nil,
            washWattHours: load.washWattHours, dryWattHours: load.dryWattHours)
    }
}

extension LoadPlan.Load {
    /// The cost of the stages with a measured energy: nil when none has one, or one of them has no price.
    fileprivate func measuredCost(wash: Double?, dry: Double?) -> Double? {
        guard washWattHours != nil || dryWattHours != nil else { return nil }
        var total = 0.0
        for (measured, cost) in [(washWattHours != nil, wash), (dryWattHours != nil, dry)] where measured {
            guard let cost else { return nil }
            total += cost
        }
        return total
    }
}

/// A price book as segments from a start, with running sums: the energy-weighted price of any stretch in log time.
struct PriceCurve {
    /// Each segment's start (seconds from the origin) and price per kWh; nil where none is known.
    private var starts: [Double] = []
    private var prices: [Double?] = []
    /// The price integral from the origin to each segment's start (price·hours; holes add 0), and the holes before it.
    private var sums: [Double] = []
    private var holes: [Int] = []

    init(_ book: PriceBook, from origin: Date, to end: Date) {
        let cuts = [origin] + book.changes(after: origin, before: end)
        var (sum, unpriced) = (0.0, 0)
        for (index, cut) in cuts.enumerated() {
            let start = cut.timeIntervalSince(origin)
            starts.append(start)
            prices.append(book.perKWh(at: cut))
            sums.append(sum)
            holes.append(unpriced)
            let next = index + 1 < cuts.count ? cuts[index + 1].timeIntervalSince(origin) : .infinity
            guard next.isFinite else { continue }
            if let price = prices[index] { sum += price * (next - start) / 3600 } else { unpriced += 1 }
        }
    }

    /// The segment that holds `offset` seconds after the origin.
    private func segment(_ offset: Double) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The mean price per kWh over [from, to] (seconds after the origin); nil if any of it has no price.
    func average(_ from: Double, _ to: Double) -> Double? {
        guard to > from else { return nil }
        let (first, last) = (segment(from), segment(to))
        // A window that ends exactly where a hole begins takes nothing from it.
        let lastUsed = last > first && starts[last] >= to ? last - 1 : last
        guard prices[first] != nil, prices[lastUsed] != nil, holes[lastUsed] == holes[first] else { return nil }
        func integral(_ offset: Double, _ index: Int) -> Double {
            sums[index] + (prices[index] ?? 0) * (offset - starts[index]) / 3600
        }
        return (integral(to, lastUsed) - integral(from, first)) * 3600 / (to - from)
    }
}
