import FoundationEssentials

/// Totals, streaks and folded loads per day, for `laundry stats`.
public struct LaundryStats: Sendable {
    public struct Day: Sendable, Equatable {
        public let start: Date
        public let folded: Int
        /// False for the days after today in the last column of the grid.
        public let isPast: Bool
    }

    public struct PetRecord: Sendable {
        public let id: UUID
        public let name: String
        public let totalCycles: Int
        public let currentStreak: Int
        public let longestStreak: Int
    }

    public let petCount: Int
    public let totalCycles: Int
    public let foldedLast7Days: Int
    public let foldedLast30Days: Int
    public let pets: [PetRecord]
    /// Whole weeks, Monday first, ending with the week that holds today.
    public let days: [Day]
    public var loads = LoadStats.empty
    /// Who started, moved and folded the loads (`stats --people`).
    public var people: [PersonFigures] = []

    /// - Parameter folds: when each load was folded.
    public init(pets: [Pet], folds: [Date], now: Date, zone: LocalZone, weeks: Int) {
        petCount = pets.count
        totalCycles = pets.reduce(0) { $0 + $1.cycle.totalCycles }
        self.pets = pets.map {
            PetRecord(
                id: $0.id, name: $0.identity.name, totalCycles: $0.cycle.totalCycles, currentStreak: $0.streak(at: now),
                longestStreak: $0.cycle.longestStreak)
        }
        foldedLast7Days = folds.filter { now.timeIntervalSince($0) < 7 * 86_400 && $0 <= now }.count
        foldedLast30Days = folds.filter { now.timeIntervalSince($0) < 30 * 86_400 && $0 <= now }.count

        let today = zone.startOfDay(for: now)
        // Monday = 2 in the Gregorian calendar's weekday numbering.
        let weekday = zone.fields(of: today).weekday
        let daysSinceMonday = (weekday + 5) % 7
        let firstDay = zone.adding(days: -(daysSinceMonday + 7 * (max(1, weeks) - 1)), to: today)
        var counts: [Date: Int] = [:]
        for fold in folds where fold >= firstDay { counts[zone.startOfDay(for: fold), default: 0] += 1 }
        var days: [Day] = []
        for offset in 0..<(7 * max(1, weeks)) {
            // Each day's own midnight: a day after a DST change starts at another offset.
            let day = zone.startOfDay(for: zone.adding(days: offset, to: firstDay))
            days.append(Day(start: day, folded: counts[day] ?? 0, isPast: day <= today))
        }
        self.days = days
    }

    public var bestCurrentStreak: PetRecord? { pets.max { $0.currentStreak < $1.currentStreak } }
    public var bestLongestStreak: PetRecord? { pets.max { $0.longestStreak < $1.longestStreak } }
}
