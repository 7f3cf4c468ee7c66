import FoundationEssentials
import LaundryCore

/// What the daemon last heard on `priceTopic`, kept in `$XDG_STATE_HOME/laundry/prices.json` for
/// `laundry plan`: the price it said for now, and the series of slots it published.
public struct PriceFile: Codable, Equatable, Sendable {
    public static let name = "prices.json"

    public struct Slot: Codable, Equatable, Sendable {
        public let start: Date
        public let end: Date
        public let price: Double
    }

    public var price: Double?
    public var slots: [Slot]
    public var heardAt: Date

    public init(price: Double?, series: [PriceSlot], heardAt: Date) {
        self.price = price
        slots = series.map { Slot(start: $0.start, end: $0.end, price: $0.perKWh) }
        self.heardAt = heardAt
    }

    public var series: [PriceSlot] { slots.map { PriceSlot(start: $0.start, end: $0.end, perKWh: $0.price) } }

    /// Nil when there is none, or it cannot be read (it is written again at the next price).
    public static func read(_ path: String) -> PriceFile? {
        FileManager.default.contents(atPath: path).flatMap {
            try? JSONCoding.decoder().decode(PriceFile.self, from: $0)
        }
    }

    public func write(to path: String) throws {
        try StoreFiles.writeAtomically(JSONCoding.encoder().encode(self), to: path)
    }
}
