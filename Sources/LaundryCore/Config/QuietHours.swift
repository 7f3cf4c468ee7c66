import FoundationEssentials

/// A time of day on the local clock, `HH:MM`.
public struct TimeOfDay: Equatable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// `7:00`, `07:00`, `22:30`; nothing else.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public var minutesIntoDay: Int { hour * 60 + minute }

    public var description: String { DigitText.padded(hour, 2) + ":" + DigitText.padded(minute, 2) }

    /// Whether `minute` into the day lies in [from, to) on the clock; it may cross midnight (to itself: all day).
    public static func window(from: TimeOfDay, to: TimeOfDay, holds minute: Int) -> Bool {
        if from.minutesIntoDay < to.minutesIntoDay {
            return minute >= from.minutesIntoDay && minute < to.minutesIntoDay
        }
        return minute >= from.minutesIntoDay || minute < to.minutesIntoDay
    }

    /// The next moment after `date` the clock reads this time, at `date`'s own offset if it reads it twice (fall back).
    public func next(after date: Date, in zone: LocalZone) -> Date {
        let offset = zone.offset(at: date)
        var day = zone.startOfDay(for: date)
        for _ in 0..<3 {
            let fields = zone.fields(of: day)
            let candidate = zone.date(
                year: fields.year, month: fields.month, day: fields.day, hour: hour, minute: minute,
                preferredOffset: offset)
            if candidate > date { return candidate }
            day = zone.adding(days: 1, to: day)
        }
        return date.addingTimeInterval(86_400)
    }
}

/// When the daemon keeps quiet: a window on the local clock, maybe across midnight, following daylight-saving changes.
public struct QuietHours: Equatable, Sendable, CustomStringConvertible {
    public let from: TimeOfDay
    public let to: TimeOfDay

    /// Nil when the window would be empty (`from` equal to `to`).
    public init?(from: TimeOfDay, to: TimeOfDay) {
        guard from != to else { return nil }
        self.from = from
        self.to = to
    }

    public var description: String { "\(from)–\(to)" }

    public func contains(_ date: Date, in zone: LocalZone) -> Bool {
        let fields = zone.fields(of: date)
        return TimeOfDay.window(from: from, to: to, holds: fields.hour * 60 + fields.minute)
    }

    /// The window's end after `date`: when the clock next reads `to` (at `date`'s offset if twice), or a jump past it.
    public func end(after date: Date, in zone: LocalZone) -> Date {
        firstMomentOutside(from: date, before: to.next(after: date, in: zone), in: zone)
    }

    /// The first whole second in (`date`, `candidate`] outside the window, by halving: a jump may skip `to`.
    private func firstMomentOutside(from date: Date, before candidate: Date, in zone: LocalZone) -> Date {
        guard contains(date, in: zone), !contains(candidate, in: zone) else { return candidate }
        var inside = date.timeIntervalSince1970.rounded(.down)
        var outside = candidate.timeIntervalSince1970.rounded(.up)
        while outside - inside > 1 {
            let middle = (inside + (outside - inside) / 2).rounded(.down)
            if contains(Date(timeIntervalSince1970: middle), in: zone) { inside = middle } else { outside = middle }
        }
        return Date(timeIntervalSince1970: outside)
    }
}
