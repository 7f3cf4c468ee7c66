import FoundationEssentials
import LaundryCore

/// Where laundry keeps what it knows: every machine's pet records and histories (read and merged; only this machine's
/// written), and this machine's files: device id, machine and household files, its daemon's announcements, the prices
/// heard. `FileStorage` keeps them in the data folder; `InMemoryStorage` holds values (tests, household simulator).
public protocol LaundryStorage: AnyObject, Sendable {
    /// This machine's device id, made the first time it is asked for.
    func deviceID() throws(StoreError) -> String
    /// A new device id, for a machine that found another host writing under its own.
    func renewDeviceID() throws(StoreError) -> String
    /// This machine's device id if it has one, without making one (doctor reads only).
    func existingDeviceID() throws(StoreError) -> String?

    // Reading writes nothing and takes no lock.

    /// The machines that have written (each one's device id), sorted.
    func machines() -> [String]
    /// Every pet merged from every machine's records; a released one only when asked (its loads stay in the history).
    /// With `reads`, what was read is kept: a change that follows reads none of it again unless replaced.
    func loadAll(includingReleased: Bool, keeping reads: RecordReads?) -> StoreSnapshot
    /// One pet merged from every machine's records, released or not; nil if none names it.
    func load(_ id: UUID, problems: inout [StoreProblem]) -> MergedPet?
    /// Tells the pet's records as they are now from any other state: the daemon rereads a pet only when it changed.
    func recordVersion(_ id: UUID) -> RecordVersion
    /// Every machine's events for the pet, each machine's as written.
    func histories(_ id: UUID) -> [[HistoryEvent]]
    /// A machine's file: which host writes under its id, and its person.
    func machineFile(_ device: String) -> MachineFile?
    /// Every machine's household record that reads (a damaged one is reported and passed over).
    func householdRecords(problems: inout [StoreProblem]) -> [HouseholdRecord]
    /// What this machine's daemon has told the user about the pet.
    func notes(_ id: UUID) -> DeviceNotes
    /// What the daemon last heard on the price topic, if anything.
    func prices() throws(StoreProblem) -> PriceFile?

    /// Runs `change` on the merged pet under its lock and writes what it returns: this machine's record and the
    /// events to append to its history. Nothing is written when `change` throws or returns no record; nil if no record.
    @discardableResult
    func update<Result>(
        _ id: UUID, device: String, reusing reads: RecordReads?, reporting report: ([StoreProblem]) -> Void,
        _ change: (_ merged: MergedPet, _ own: PetRecord?) throws -> (Result, PetRecord?, [HistoryEvent])
    ) throws -> Result?
    /// Adds a new pet, refusing a name another pet already has (compared without case).
    func create(_ record: PetRecord, events: [HistoryEvent], device: String) throws
    /// Holds the names lock (a change that renames, a new pet).
    func withNamesLock<T>(_ body: () throws -> T) throws -> T
    func save(_ notes: DeviceNotes) throws(StoreError)
    func writeHousehold(_ record: HouseholdRecord, device: String) throws(StoreError)
    func writeMachineFile(_ file: MachineFile, device: String) throws(StoreError)
}

extension LaundryStorage {
    public func loadAll(includingReleased: Bool = false, keeping reads: RecordReads? = nil) -> StoreSnapshot {
        loadAll(includingReleased: includingReleased, keeping: reads)
    }

    /// `update` with nothing read before it, its problems passed over.
    @discardableResult
    public func update<Result>(
        _ id: UUID, device: String, reusing reads: RecordReads? = nil,
        _ change: (_ merged: MergedPet, _ own: PetRecord?) throws -> (Result, PetRecord?, [HistoryEvent])
    ) throws -> Result? {
        try update(id, device: device, reusing: reads, reporting: { _ in }, change)
    }

    /// Refuses a name another pet already has (compared without case).
    public func requireUniqueName(_ name: String, except id: UUID?) throws(StoreError) {
        if let existing = loadAll().pets.first(where: {
            $0.state.pet.id != id && PetMatcher.sameName($0.state.pet.identity.name, name)
        }) {
            throw .nameTaken(existing.state.pet.identity.name)
        }
    }

    /// Every pet's id and name, released ones left out, in the pets' id order: what naming a pet needs.
    public func directory() -> [(id: UUID, name: String)] {
        loadAll().pets.map { (id: $0.state.pet.id, name: $0.state.pet.identity.name) }
    }

    /// Just the names, for shell completion.
    public func names() -> [String] { directory().map(\.name) }
}

/// Every pet, merged, and what was wrong with files on the way.
public struct StoreSnapshot: Sendable {
    public var pets: [MergedPet]
    public var problems: [StoreProblem]

    public init(pets: [MergedPet], problems: [StoreProblem]) {
        self.pets = pets
        self.problems = problems
    }
}

/// The version of each of a pet's records, by where it is kept: equal versions, equal records.
public struct RecordVersion: Equatable, Sendable {
    let parts: [String: String]

    public init(_ parts: [String: String]) { self.parts = parts }

    /// Whether a record that was there is gone (a sync engine removes a file before it renames the new version in).
    public func lostRecords(since earlier: RecordVersion) -> Bool { earlier.parts.keys.contains { parts[$0] == nil } }
}
