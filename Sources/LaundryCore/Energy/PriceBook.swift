import FoundationEssentials

/// What a kWh costs at a moment: a price topic's word first (its series' slot holding the moment, else its last single
/// price), then the tariff's slot, then the flat price. The currency is `price`'s, whichever source prices it.
public struct PriceBook: Sendable {
    /// `"price": {"perKWh": 0.32, "currency": "EUR"}`.
    public var flat: Double?
    public var currency: String?
    /// `"tariff"`: prices by time of day on the local clock.
    public var tariff: [TariffSlot] = []
    /// The price topic's last plain number: the price from when it came until the next.
    public var topicPrice: Double?
    /// The price topic's last series (`[{start, end, price}]`), in order.
    public var series: [PriceSlot] = []
    public var zone: LocalZone

    public init(flat: Double? = nil, currency: String? = nil, tariff: [TariffSlot] = [], zone: LocalZone = .current) {
        self.flat = flat
        self.currency = currency
        self.tariff = tariff
        self.zone = zone
    }

    public var isEmpty: Bool { flat == nil && tariff.isEmpty && topicPrice == nil && series.isEmpty }

    public func perKWh(at date: Date) -> Double? {
        if let slot = series.last(where: { $0.start <= date && date < $0.end }) { return slot.perKWh }
        if let topicPrice { return topicPrice }
        if let slot = tariff.first(where: { $0.contains(date, in: zone) }) { return slot.perKWh }
        return flat
    }

    /// Every moment strictly between `start` and `end` where the price may change, in order.
    public func changes(after start: Date, before end: Date) -> [Date] {
        guard end > start else { return [] }
        var moments = series.flatMap { [$0.start, $0.end] }.filter { $0 > start && $0 < end }
        if !tariff.isEmpty {
            // Each day that touches the stretch, from the day before (a slot that crosses midnight).
            var day = zone.adding(days: -1, to: zone.startOfDay(for: start))
            while day < end {
                let fields = zone.fields(of: day)
                for slot in tariff {
                    for time in [slot.from, slot.to] {
                        let moment = zone.date(
                            year: fields.year, month: fields.month, day: fields.day, hour: time.hour,
                            minute: time.minute, preferredOffset: zone.offset(at: day))
                        if moment > start, moment < end { moments.append(moment) }
                    }
                }
                day = zone.adding(days: 1, to: day)
            }
        }
        return Array(Set(moments)).sorted()
    }
}

/// A slot of a time-of-day tariff; it may cross midnight.
public struct TariffSlot: Equatable, Sendable {
    public let from: TimeOfDay
    public let to: TimeOfDay
    public let perKWh: Double

    public func contains(_ date: Date, in zone: LocalZone) -> Bool {
        let fields = zone.fields(of: date)
        return TimeOfDay.window(from: from, to: to, holds: fields.hour * 60 + fields.minute)
    }
}

/// One slot of a published price series: `{"start": …, "end": …, "price": …}`.
public struct PriceSlot: Codable, Equatable, Sendable {
    public let start: Date
    public let end: Date
    public let perKWh: Double

    private enum CodingKeys: String, CodingKey {
        case start, end
        case perKWh = "price"
    }
}

/// What a price topic says: the price per kWh now (a plain number, or `{"price": …}`), or a series of slots
/// (`[{"start": "…", "end": "…", "price": …}]`, times in ISO 8601, as a tariff integration publishes them).
public enum PriceMessage: Equatable, Sendable {
    case now(Double)
    case series([PriceSlot])

    public enum Problem: Error, Equatable, Sendable {
        case tooLarge(Int)
        case notAPrice
        /// Slot `index` (from 0) has no readable start, end or price, or ends before it starts.
        case badSlot(Int)
        case notFinite
    }

    /// A day of quarter-hour slots is about 10 KB; a week of them fits.
    public static let largestPayload = 256 * 1024

    public static func read(_ payload: [UInt8]) throws(Problem) -> PriceMessage {
        guard payload.count <= largestPayload else { throw .tooLarge(payload.count) }
        if let number = Double(String(decoding: payload, as: UTF8.self).trimming()) {
            guard number.isFinite else { throw .notFinite }
            return .now(number)
        }
        let json = JSONTree.read(payload)
        switch json {
        case .object? where json?["price"]?.double != nil:
            let price = json?["price"]?.double ?? 0
            guard price.isFinite else { throw .notFinite }
            return .now(price)
        case .array(let slots)?:
            var series: [PriceSlot] = []
            for (index, slot) in slots.enumerated() {
                guard let start = slot["start"]?.date, let end = slot["end"]?.date, end > start,
                    let price = slot["price"]?.double, price.isFinite
                else { throw .badSlot(index) }
                series.append(PriceSlot(start: start, end: end, perKWh: price))
            }
            return .series(series.sorted { $0.start < $1.start })
        default:
            throw .notAPrice
        }
    }
}
