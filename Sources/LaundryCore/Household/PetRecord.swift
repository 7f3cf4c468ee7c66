import FoundationEssentials

/// One machine's record of a pet (`machines/<device-id>/pets/<uuid>.json`): its latest version of each part it
/// changed, with its stamp; only that machine writes it. The pet everyone sees is `merge` of every machine's record.
public struct PetRecord: Codable, Equatable, Sendable {
    /// The format's version, a key of the file: a newer one is shown, never rewritten.
    public static let currentSchemaVersion = 2

    public var schemaVersion: Int
    public var id: UUID
    public var createdAt: Date
    public var identity: Stamped<Pet.Identity>?
    public var settings: Stamped<Pet.Settings>?
    public var cycle: Stamped<Pet.Cycle>?
    public var reminders: Stamped<Pet.Reminders>?
    public var release: Stamped<Pet.Release>?

    public init(id: UUID, createdAt: Date) {
        schemaVersion = Self.currentSchemaVersion
        self.id = id
        self.createdAt = createdAt
    }

    /// Whether this laundry may rewrite the record: never one written by a newer version.
    public var isFromNewerVersion: Bool { schemaVersion > Self.currentSchemaVersion }

    public mutating func set(_ part: PetPart, from pet: Pet, stamp: PartStamp) {
        switch part {
        case .identity: identity = Stamped(stamp: stamp, value: pet.identity)
        case .settings: settings = Stamped(stamp: stamp, value: pet.settings)
        case .cycle: cycle = Stamped(stamp: stamp, value: pet.cycle)
        case .reminders: reminders = Stamped(stamp: stamp, value: pet.reminders)
        case .release: release = Stamped(stamp: stamp, value: Pet.Release(name: pet.identity.name))
        }
    }

    /// Why the values cannot be right (a file edited by hand, or damaged): such a record is passed over as unparsable.
    public var implausibleValue: FileProblem? {
        if let settings, !CycleDays.range.contains(settings.value.cycleDays) { return .implausible(field: "cycleDays") }
        if let names = settings?.value.programmes.keys, names.contains(where: { Programme.name($0) != $0 }) {
            return .implausible(field: "programmes")
        }
        if let cycle {
            let counts = [
                ("totalCycles", cycle.value.totalCycles), ("currentStreak", cycle.value.currentStreak),
                ("longestStreak", cycle.value.longestStreak),
            ]
            for (field, count) in counts where count < 0 || count > 1_000_000_000 { return .implausible(field: field) }
            if let load = cycle.value.load {
                if load.petID != id { return .loadOfAnotherPet }
                if let problem = load.implausibleValue { return problem }
            }
        }
        if let identity, PetName.isValidStored(identity.value.name) == false { return .implausible(field: "name") }
        return nil
    }
}

/// A part's value as one machine last set it, and when.
public struct Stamped<Value> {
    public var stamp: PartStamp
    public var value: Value

    public init(stamp: PartStamp, value: Value) {
        self.stamp = stamp
        self.value = value
    }
}

extension Stamped: Codable where Value: Codable {}
extension Stamped: Equatable where Value: Equatable {}
extension Stamped: Sendable where Value: Sendable {}

extension PetRecord {
    /// The pet everyone sees: per part, the version with the latest stamp across every record (ties by device id, then
    /// content, so all machines agree). Pure over the set of records, in any order; nil until a record names the pet.
    public static func merge(_ records: [PetRecord]) -> MergedPet? {
        guard let first = records.first, let identity = latest(records.compactMap { $0.identity }) else { return nil }
        var pet = Pet(
            id: first.id, createdAt: records.map { $0.createdAt }.min() ?? first.createdAt, identity: identity.value)
        var stamps = PartStamps()
        stamps[.identity] = identity.stamp
        if let settings = latest(records.compactMap { $0.settings }) {
            (pet.settings, stamps[.settings]) = (settings.value, settings.stamp)
        }
        if let cycle = latest(records.compactMap { $0.cycle }) {
            (pet.cycle, stamps[.cycle]) = (cycle.value, cycle.stamp)
        }
        if let reminders = latest(records.compactMap { $0.reminders }) {
            (pet.reminders, stamps[.reminders]) = (reminders.value, reminders.stamp)
        }
        let release = latest(records.compactMap { $0.release })
        stamps[.release] = release?.stamp
        pet.isFromNewerVersion = records.contains { $0.isFromNewerVersion }
        return MergedPet(
            state: PetState(pet: pet), stamps: stamps, release: release?.value,
            newestSchema: records.map { $0.schemaVersion }.max() ?? currentSchemaVersion)
    }

    /// The latest-stamped version; a tie (one stamp on two machines: a copied folder) goes to the greater content.
    private static func latest<Value: Encodable>(_ versions: [Stamped<Value>]) -> Stamped<Value>? {
        // One machine's record, the common case: no tie to break.
        guard versions.count > 1 else { return versions.first }
        return versions.max { left, right in
            left.stamp == right.stamp ? encoded(left.value) < encoded(right.value) : left.stamp < right.stamp
        }
    }

    static func encoded<Value: Encodable>(_ value: Value) -> String {
        (try? JSONCoding.encoder(pretty: false).encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}

/// A pet merged from every machine's record: its state, each part's winning stamp, and a release if one was made.
public struct MergedPet: Equatable, Sendable {
    public var state: PetState
    public var stamps: PartStamps
    public var release: Pet.Release?
    /// The newest record format among its records (a newer laundry's: shown, never changed).
    public var newestSchema: Int

    /// Released, and no person changed the pet after the release: it is gone.
    public var isReleased: Bool { stamps.isReleased }
}

extension PetPart {
    /// The parts whose values differ between two versions of a pet (never the release: it is made on purpose).
    public static func changed(from before: Pet, to after: Pet) -> [PetPart] {
        allCases.filter { part in
            switch part {
            case .identity: before.identity != after.identity
            case .settings: before.settings != after.settings
            case .cycle: before.cycle != after.cycle
            case .reminders: before.reminders != after.reminders
            case .release: false
            }
        }
    }
}
