import FoundationEssentials
import LaundryCore
import LaundryStore
import Synchronization

/// The storage as values in memory: every machine's records and histories, and this machine's own
/// files, with no file, lock or fsync. For the tests of what laundry decides, and for the household
/// simulator, whose machines each hold a copy of the shared part and carry items between them as a
/// sync engine carries files (`items`, `copy`, `remove`).
public final class InMemoryStorage: LaundryStorage {
    /// What one file of the data folder holds.
    public enum Item: Hashable, Sendable {
        case record(device: String, pet: UUID)
        case history(device: String, pet: UUID)
        case household(device: String)
        case machine(device: String)

        public var device: String {
            switch self {
            case .record(let device, _), .history(let device, _), .household(let device), .machine(let device):
                device
            }
        }
    }

    private struct Contents {
        var deviceID: String
        var records: [String: [UUID: PetRecord]] = [:]
        var histories: [String: [UUID: [HistoryEvent]]] = [:]
        var households: [String: HouseholdRecord] = [:]
        var machineFiles: [String: MachineFile] = [:]
        var notes: [UUID: DeviceNotes] = [:]
        var prices: PriceFile?
        /// How often each item was written: a new number, a new version.
        var writes: [Item: Int] = [:]
        /// Items that do not read (a torn copy, a disk fault) until written again.
        var damaged: Set<Item> = []

        /// Every machine's record of each pet, but those that do not read, which are reported.
        func readableRecords(problems: inout [StoreProblem]) -> [UUID: [PetRecord]] {
            var all: [UUID: [PetRecord]] = [:]
            for (device, machine) in records {
                for (id, record) in machine {
                    if damaged.contains(.record(device: device, pet: id)) {
                        problems.append(.unreadable(path: "\(device)/\(id.lowercasedText)", problem: .json(.notJSON)))
                    } else {
                        all[id, default: []].append(record)
                    }
                }
            }
            return all
        }
    }

    private let contents: Mutex<Contents>

    /// - Parameter deviceID: this machine's device id.
    public init(deviceID: String = "0000000000000000") { contents = Mutex(Contents(deviceID: deviceID)) }

    // MARK: This machine

    public func deviceID() throws(StoreError) -> String { contents.withLock { $0.deviceID } }

    public func renewDeviceID() throws(StoreError) -> String {
        contents.withLock { contents in
            let digits = String(UInt64.random(in: 1...UInt64.max), radix: 16)
            contents.deviceID = String(repeating: "0", count: 16 - digits.count) + digits
            return contents.deviceID
        }
    }

    public func existingDeviceID() throws(StoreError) -> String? { try deviceID() }

    // MARK: Reading

    public func machines() -> [String] {
        contents.withLock { Set($0.records.keys).union($0.histories.keys).union($0.machineFiles.keys).sorted() }
    }

    public func loadAll(includingReleased: Bool, keeping reads: RecordReads?) -> StoreSnapshot {
        var problems: [StoreProblem] = []
        let records = contents.withLock { $0.readableRecords(problems: &problems) }
        let pets = records.sorted { $0.key < $1.key }.compactMap { PetRecord.merge($0.value) }
            .filter { includingReleased || !$0.isReleased }
        return StoreSnapshot(pets: pets, problems: problems)
    }

    public func load(_ id: UUID, problems: inout [StoreProblem]) -> MergedPet? {
        var found: [StoreProblem] = []
        let records = contents.withLock { $0.readableRecords(problems: &found) }[id] ?? []
        problems += found.filter { $0.path.hasSuffix(id.lowercasedText) }
        return PetRecord.merge(records)
    }

    public func recordVersion(_ id: UUID) -> RecordVersion {
        contents.withLock { contents in
            var parts: [String: String] = [:]
            for (device, records) in contents.records where records[id] != nil {
                parts[device] = String(contents.writes[.record(device: device, pet: id)] ?? 0)
            }
            return RecordVersion(parts)
        }
    }

    public func histories(_ id: UUID) -> [[HistoryEvent]] {
        contents.withLock { contents in contents.histories.keys.sorted().map { contents.histories[$0]?[id] ?? [] } }
    }

    public func machineFile(_ device: String) -> MachineFile? { contents.withLock { $0.machineFiles[device] } }

    public func householdRecords(problems: inout [StoreProblem]) -> [HouseholdRecord] {
        contents.withLock { contents in contents.households.keys.sorted().compactMap { contents.households[$0] } }
    }

    public func notes(_ id: UUID) -> DeviceNotes { contents.withLock { $0.notes[id] } ?? DeviceNotes(petID: id) }

    public func prices() throws(StoreProblem) -> PriceFile? { contents.withLock { $0.prices } }

    // MARK: Writing

    @discardableResult
    public func update<Result>(
        _ id: UUID, device: String, reusing reads: RecordReads?, reporting report: ([StoreProblem]) -> Void,
        _ change: (_ merged: MergedPet, _ own: PetRecord?) throws -> (Result, PetRecord?, [HistoryEvent])
    ) throws -> Result? {
        // One writer at a time, as the pet's lock makes it among processes.
        try changing.withLock { _ in
            var problems: [StoreProblem] = []
            defer { report(problems) }
            guard let merged = load(id, problems: &problems) else { return nil }
            // A record of this machine's that does not read is set aside: the change starts afresh.
            let own = contents.withLock {
                $0.damaged.contains(.record(device: device, pet: id)) ? nil : $0.records[device]?[id]
            }
            let (result, record, events) = try change(merged, own)
            if let record { commit(record, events: events, device: device) }
            return result
        }
    }

    public func create(_ record: PetRecord, events: [HistoryEvent], device: String) throws {
        try withNamesLock {
            if let name = record.identity?.value.name { try requireUniqueName(name, except: nil) }
            commit(record, events: events, device: device)
        }
    }

    public func withNamesLock<T>(_ body: () throws -> T) throws -> T { try naming.withLock { _ in try body() } }

    /// The pets' lock and the names lock, as the files have them (a rename takes both, in this order).
    private let changing = Mutex(())
    private let naming = Mutex(())

    public func save(_ notes: DeviceNotes) throws(StoreError) { contents.withLock { $0.notes[notes.petID] = notes } }

    public func writeHousehold(_ record: HouseholdRecord, device: String) throws(StoreError) {
        contents.withLock { contents in
            contents.households[device] = record
            contents.writes[.household(device: device), default: 0] += 1
        }
    }

    public func writeMachineFile(_ file: MachineFile, device: String) throws(StoreError) {
        contents.withLock { contents in
            contents.machineFiles[device] = file
            contents.writes[.machine(device: device), default: 0] += 1
        }
    }

    /// The record and the history lines together, as the files' write order makes them appear; an
    /// event any machine would write the same way (a finish, a death) is not written twice.
    private func commit(_ record: PetRecord, events: [HistoryEvent], device: String) {
        contents.withLock { contents in
            contents.records[device, default: [:]][record.id] = record
            contents.writes[.record(device: device, pet: record.id), default: 0] += 1
            contents.damaged.remove(.record(device: device, pet: record.id))
            var history = contents.histories[device]?[record.id] ?? []
            let known = Set(history.map(\.id))
            history += events.filter { !HistoryLog.derivedKinds.contains($0.event) || !known.contains($0.id) }
            guard !events.isEmpty else { return }
            contents.histories[device, default: [:]][record.id] = history
            contents.writes[.history(device: device, pet: record.id), default: 0] += 1
        }
    }

    // MARK: Carrying items between machines, as a sync engine carries files

    /// The items written under `device`'s id (its own folder, in a shared data folder).
    public func items(of device: String) -> [Item] {
        contents.withLock { contents in
            var items: [Item] = []
            items += (contents.records[device] ?? [:]).keys.map { Item.record(device: device, pet: $0) }
            items += (contents.histories[device] ?? [:]).keys.map { Item.history(device: device, pet: $0) }
            if contents.households[device] != nil { items.append(.household(device: device)) }
            if contents.machineFiles[device] != nil { items.append(.machine(device: device)) }
            return items.sorted { "\($0)" < "\($1)" }
        }
    }

    /// One machine's record of the pet, as this copy holds it.
    public func record(of pet: UUID, device: String) -> PetRecord? { contents.withLock { $0.records[device]?[pet] } }

    /// How often the item was written here (0: never): what a reader of another machine's items sees change.
    public func version(of item: Item) -> Int { contents.withLock { $0.writes[item] ?? 0 } }

    /// Another machine's copy of the item, in place of this one's (as a sync engine's rename).
    public func copy(_ item: Item, from other: InMemoryStorage) {
        let theirs = other.contents.withLock { $0 }
        contents.withLock { contents in
            switch item {
            case .record(let device, let pet):
                contents.records[device, default: [:]][pet] = theirs.records[device]?[pet]
            case .history(let device, let pet):
                contents.histories[device, default: [:]][pet] = theirs.histories[device]?[pet]
            case .household(let device): contents.households[device] = theirs.households[device]
            case .machine(let device): contents.machineFiles[device] = theirs.machineFiles[device]
            }
            contents.writes[item, default: 0] += 1
        }
    }

    /// A machine's record as a test, or a sync engine, puts it in place.
    public func put(_ record: PetRecord, device: String) {
        contents.withLock { contents in
            contents.records[device, default: [:]][record.id] = record
            contents.writes[.record(device: device, pet: record.id), default: 0] += 1
            contents.damaged.remove(.record(device: device, pet: record.id))
        }
    }

    /// The item no longer reads (a torn copy, a disk fault) until it is written or put again.
    public func damage(_ item: Item) {
        contents.withLock { contents in
            contents.damaged.insert(item)
            contents.writes[item, default: 0] += 1
        }
    }

    /// The item gone (a sync engine removes a file before it renames the new version in).
    public func remove(_ item: Item) {
        contents.withLock { contents in
            switch item {
            case .record(let device, let pet): contents.records[device]?[pet] = nil
            case .history(let device, let pet): contents.histories[device]?[pet] = nil
            case .household(let device): contents.households[device] = nil
            case .machine(let device): contents.machineFiles[device] = nil
            }
            contents.writes[item, default: 0] += 1
        }
    }
}
