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

    public static let empty = LoadStats(loads: [], now: Date(timeIntervalSince1970: 0), weeks: 1)

    public init(loads: [(petName: String, load: LoadRecord)], now: Date, weeks: Int) {
        all = Self.figures(nil, loads.map(\.load), now: now, weeks: weeks)
        let byPet = Dictionary(grouping: loads, by: \.petName)
        pets = byPet.keys.sorted { $0.lowercased() < $1.lowercased() }.map {
            Self.figures($0, byPet[$0]!.map(\.load), now: now, weeks: weeks)
        }
    }

    static func figures(_ name: String?, _ loads: [LoadRecord], now: Date, weeks: Int) -> Figures {
        let waits = loads.compactMap { load -> Double? in
            // Only a wait that ended: a load still wet now is not a finished wait yet.
            guard load.dryer != nil || load.isAirDried else { return nil }
            return load.wetWait(at: now)
        }
        let windowStart = now.addingTimeInterval(-Double(weeks) * 7 * 86_400)
        let recent = loads.filter { $0.wash.started >= windowStart && $0.wash.started <= now }.count
        let afterDryer = loads.filter { $0.end == .folded && $0.dryEnded != nil }
        let soon = afterDryer.filter { ($0.foldWait(at: now) ?? .infinity) <= 3600 }.count
        return Figures(
            name: name, loads: loads.count, medianWetWait: median(waits), longestWetWait: waits.max(),
            loadsPerWeek: Double(recent) / Double(max(1, weeks)),
            foldedWithinAnHour: afterDryer.isEmpty ? nil : Double(soon) / Double(afterDryer.count))
    }

    /// The middle value; for an even count, the mean of the two middle ones.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
