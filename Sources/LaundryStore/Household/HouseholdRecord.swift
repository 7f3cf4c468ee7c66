import FoundationEssentials
import LaundryCore

/// `machines/<device-id>/household.json`: one machine's version of what the household shares beyond its pets,
/// stamped like a pet's parts and written only by that machine; `merge` of every machine's is order-independent.
public struct HouseholdRecord: Codable, Equatable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion = HouseholdRecord.currentSchemaVersion
    public var turns: Stamped<Turns>?

    public init() {}

    /// The rotation with the latest stamp (ties by device id, then by content).
    public static func merge(_ records: [HouseholdRecord]) -> Stamped<Turns>? {
        records.compactMap(\.turns).max { left, right in
            left.stamp == right.stamp
                ? left.value.people.map(\.name).lexicographicallyPrecedes(right.value.people.map(\.name))
                : left.stamp < right.stamp
        }
    }
}

extension FileStorage {
    /// Every machine's household record that reads (a damaged one is passed over, reported).
    public func householdRecords(problems: inout [StoreProblem]) -> [HouseholdRecord] {
        machines().compactMap { device in
            let path = paths.householdFile(device)
            guard case .data(let data)? = try? PosixFile.read(path, limit: 64 * 1024) else { return nil }
            do { return try JSONCoding.decoder().decode(HouseholdRecord.self, from: data) } catch {
                problems.append(.unreadable(path: path, problem: .json(.notJSON)))
                return nil
            }
        }
    }

    /// This machine's household record, written atomically.
    public func writeHousehold(_ record: HouseholdRecord, device: String) throws(StoreError) {
        let path = paths.householdFile(device)
        try PosixFile.makeFolder(PathText.parent(path))
        try PosixFile.writeAtomically(try FileStorage.encode(record, path: path), to: path)
    }
}
