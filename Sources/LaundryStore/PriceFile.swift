import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore

/// Last heard on `priceTopic` (price now, slots), in `$XDG_STATE_HOME/laundry/prices.json` for `laundry plan`.
public struct PriceFile: Codable, Equatable, Sendable {
    public static let name = "prices.json"
    /// The file's format (0.1.0 wrote none: 1).
    public static let currentSchemaVersion = 1
    public var schemaVersion: Int? = PriceFile.currentSchemaVersion

    public var price: Double?
    public var series: [PriceSlot]
    public var heardAt: Date

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, price, heardAt
        case series = "slots"
    }

    public init(price: Double?, series: [PriceSlot], heardAt: Date) {
        self.price = price
        self.series = series
        self.heardAt = heardAt
    }

    /// Nil when there is none; `.unreadable` when unreadable or not the daemon's (rewritten at the next price heard).
    public static func read(_ path: String) throws(StoreProblem) -> PriceFile? {
        let bytes: Data
        do {
            guard case .data(let data) = try PosixFile.read(path, limit: 1 << 20) else { return nil }
            bytes = data
        } catch {
            throw .unreadable(path: path, problem: error.problem ?? .system(EIO))
        }
        do { return try JSONCoding.decoder().decode(PriceFile.self, from: bytes) } catch {
            throw .unreadable(path: path, problem: .json(JSONCoding.problem(error)))
        }
    }

    public func write(to path: String) throws {
        try StoreFiles.writeAtomically(JSONCoding.encoder().encode(self), to: path)
    }
}
