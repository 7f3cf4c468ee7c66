import FoundationEssentials

/// One machine's record of a pet (`machines/<device-id>/pets/<uuid>.json`): its latest version of
/// each part it changed, each with its stamp. Only that machine writes it. The pet everyone sees
/// is `PetRecord.merge` of every machine's record for it.
public struct PetRecord: Codable, Equatable, Sendable {
    public static let currentSchemaVersion = 2

    public var schemaVersion: Int
    public var id: UUID
    public var createdAt: Date
    public var identity: Version<Identity>?
    public var settings: Version<Settings>?
    public var cycle: Version<Cycle>?
    public var reminders: Version<Reminders>?
    public var release: Version<Release>?

    /// A part's values as one machine last set them, and when.
    // Unconstrained, its conformances conditional: a constrained generic type's metadata, made
    // at run time by mangled name, checked every requirement through a protocol conformance
    // lookup (about 6 of the 16 million instructions of `laundry status` with 10 pets).
    public struct Version<Value> {
        public var stamp: PartStamp
        public var value: Value

        public init(stamp: PartStamp, value: Value) {
            self.stamp = stamp
            self.value = value
        }
    }

    public struct Identity: Codable, Equatable, Sendable {
        public var name: String
        public var kind: String

        public init(name: String, kind: String) {
            self.name = name
            self.kind = kind
        }
    }

    public struct Settings: Codable, Equatable, Sendable {
        public var washDuration: LaundryDuration
        public var dryDuration: LaundryDuration
        public var cycleDays: Double
        /// `false` when learning is off; absent (as every record before it existed) when on.
        public var learns: Bool?
        /// Its named programmes; absent (as every record before them) when it has none.
        public var programmes: [String: LaundryDuration]?

        public init(
            washDuration: LaundryDuration, dryDuration: LaundryDuration, cycleDays: Double, learns: Bool = true,
            programmes: [String: LaundryDuration] = [:]
        ) {
            self.washDuration = washDuration
            self.dryDuration = dryDuration
            self.cycleDays = cycleDays
            self.learns = learns ? nil : false
            self.programmes = programmes.isEmpty ? nil : programmes
        }
    }

    public struct Cycle: Codable, Equatable, Sendable {
        public var stage: Stage
        public var lastLaundryAt: Date?
        public var totalCycles: Int
        public var currentStreak: Int
        public var longestStreak: Int
        /// The load the cycle is on, with its absolute end; nil when none runs or waits.
        public var load: LaundryTimer?

        public init(
            stage: Stage, lastLaundryAt: Date?, totalCycles: Int, currentStreak: Int, longestStreak: Int,
            load: LaundryTimer?
        ) {
            self.stage = stage
            self.lastLaundryAt = lastLaundryAt
            self.totalCycles = totalCycles
            self.currentStreak = currentStreak
            self.longestStreak = longestStreak
            self.load = load
        }
    }

    public struct Reminders: Codable, Equatable, Sendable {
        public var snoozedUntil: Date?
        /// The last nudge; absent in records from before nudges.
        public var nudge: Nudge?

        public init(snoozedUntil: Date?, nudge: Nudge? = nil) {
            self.snoozedUntil = snoozedUntil
            self.nudge = nudge
        }
    }

    public struct Release: Codable, Equatable, Sendable {
        /// The name it had, for history and doctor.
        public var name: String

        public init(name: String) { self.name = name }
    }

    public init(id: UUID, createdAt: Date) {
        schemaVersion = Self.currentSchemaVersion
        self.id = id
        self.createdAt = createdAt
    }

    /// Whether this laundry may rewrite the record: never one written by a newer version.
    public var isFromNewerVersion: Bool { schemaVersion > Self.currentSchemaVersion }

    /// The stamp of each part this record holds.
    public var stamps: [PetPart: PartStamp] {
        var stamps: [PetPart: PartStamp] = [:]
        stamps[.identity] = identity?.stamp
        stamps[.settings] = settings?.stamp
        stamps[.cycle] = cycle?.stamp
        stamps[.reminders] = reminders?.stamp
        stamps[.release] = release?.stamp
        return stamps
    }

    /// Why the values cannot be right, if they cannot (a file edited by hand, or damaged): such a
    /// record is passed over like one that does not parse.
    public var implausibleValue: FileProblem? {
        if let settings, !CycleDays.range.contains(settings.value.cycleDays) { return .implausible(field: "cycleDays") }
        if let names = settings?.value.programmes?.keys, names.contains(where: { Programme.name($0) != $0 }) {
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

extension PetRecord.Version: Codable where Value: Codable {}
extension PetRecord.Version: Equatable where Value: Equatable {}
extension PetRecord.Version: Sendable where Value: Sendable {}

extension PetRecord {
    /// The pet as everyone sees it, from every machine's record of it: per part, the version with
    /// the latest stamp (ties by device id, then by content, so every machine picks the same). A
    /// pure function of the set of records: the order they came in does not matter. Nil until
    /// some record names the pet.
    public static func merge(_ records: [PetRecord]) -> MergedPet? {
        guard let first = records.first else { return nil }
        let id = first.id
        // Closures, not key paths: a key path is made at run time from its mangled name (about
        // 0.8 million instructions of `laundry status` with 10 pets, by callgrind).
        func winner<Value: Encodable>(_ part: (PetRecord) -> Version<Value>?) -> Version<Value>? {
            let versions = records.compactMap(part)
            // One machine's record, the common case: no tie to break.
            guard versions.count > 1 else { return versions.first }
            return versions.max { left, right in
                left.stamp == right.stamp ? encoded(left.value) < encoded(right.value) : left.stamp < right.stamp
            }
        }
        guard let identity = winner({ $0.identity }) else { return nil }
        let settings = winner { $0.settings }
        let cycle = winner { $0.cycle }
        let reminders = winner { $0.reminders }
        let release = winner { $0.release }
        var pet = Pet(
            id: id, storedName: identity.value.name, kind: identity.value.kind,
            createdAt: records.map { $0.createdAt }.min() ?? first.createdAt)
        if let settings {
            pet.washDuration = settings.value.washDuration
            pet.dryDuration = settings.value.dryDuration
            pet.cycleDays = settings.value.cycleDays
            pet.learns = settings.value.learns ?? true
            pet.programmes = settings.value.programmes ?? [:]
        }
        var timer: LaundryTimer?
        if let cycle {
            pet.stage = cycle.value.stage
            pet.lastLaundryAt = cycle.value.lastLaundryAt
            pet.totalCycles = cycle.value.totalCycles
            pet.currentStreak = cycle.value.currentStreak
            pet.longestStreak = cycle.value.longestStreak
            timer = cycle.value.load
        }
        pet.snoozedUntil = reminders?.value.snoozedUntil
        pet.nudge = reminders?.value.nudge
        pet.isFromNewerVersion = records.contains { $0.isFromNewerVersion }
        var stamps = PartStamps()
        stamps[.identity] = identity.stamp
        stamps[.settings] = settings?.stamp
        stamps[.cycle] = cycle?.stamp
        stamps[.reminders] = reminders?.stamp
        stamps[.release] = release?.stamp
        return MergedPet(
            state: PetState(pet: pet, timer: timer), stamps: stamps, release: release?.value,
            newestSchema: records.map { $0.schemaVersion }.max() ?? currentSchemaVersion)
    }

    /// Sets `part` to the values it has in `state`, stamped `stamp`.
    public mutating func set(_ part: PetPart, from state: PetState, stamp: PartStamp) {
        let pet = state.pet
        switch part {
        case .identity: identity = Version(stamp: stamp, value: Identity(name: pet.name, kind: pet.kind))
        case .settings:
            settings = Version(
                stamp: stamp,
                value: Settings(
                    washDuration: pet.washDuration, dryDuration: pet.dryDuration, cycleDays: pet.cycleDays,
                    learns: pet.learns, programmes: pet.programmes))
        case .cycle:
            let load = state.timer
            cycle = Version(
                stamp: stamp,
                value: Cycle(
                    stage: pet.stage, lastLaundryAt: pet.lastLaundryAt, totalCycles: pet.totalCycles,
                    currentStreak: pet.currentStreak, longestStreak: pet.longestStreak, load: load))
        case .reminders:
            reminders = Version(stamp: stamp, value: Reminders(snoozedUntil: pet.snoozedUntil, nudge: pet.nudge))
        case .release: release = Version(stamp: stamp, value: Release(name: pet.name))
        }
    }

    static func encoded<Value: Encodable>(_ value: Value) -> String {
        (try? JSONCoding.encoder(pretty: false).encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}

/// A pet merged from every machine's record: its state, each part's winning stamp, and a release
/// if one was made.
public struct MergedPet: Equatable, Sendable {
    public var state: PetState
    public var stamps: PartStamps
    public var release: PetRecord.Release?
    /// The newest record format among its records (a newer laundry's: shown, never changed).
    public var newestSchema: Int

    /// Released, and no person changed the pet after the release: it is gone.
    public var isReleased: Bool { stamps.isReleased }
}

extension PetPart {
    /// The part's values in a state as canonical text: equal text, equal part. The cycle's
    /// includes its load (a pause or a resume changes only that).
    public func content(of state: PetState) -> String {
        let pet = state.pet
        let fields: [String]
        switch self {
        case .identity: fields = [pet.name, pet.kind]
        case .settings:
            fields =
                [pet.washDuration.description, pet.dryDuration.description, "\(pet.cycleDays)"]
                + (pet.learns ? [] : ["no learning"])
                + pet.programmes.keys.sorted().map { "\($0)=\(pet.programmes[$0]?.seconds ?? 0)" }
        case .cycle:
            var load = state.timer
            load?.finishedAt = nil
            fields = [
                pet.stage.rawValue, pet.lastLaundryAt.map(Timestamp.format) ?? "-", "\(pet.totalCycles)",
                "\(pet.currentStreak)", "\(pet.longestStreak)", load.map(PetRecord.encoded) ?? "-",
            ]
        case .reminders:
            fields =
                [pet.snoozedUntil.map(Timestamp.format) ?? "-"]
                + (pet.nudge.map { [$0.to, $0.by, Timestamp.format($0.at), $0.load?.lowercasedText ?? "-"] } ?? [])
        case .release: fields = []
        }
        return fields.joined(separator: "\u{1F}")
    }
}
