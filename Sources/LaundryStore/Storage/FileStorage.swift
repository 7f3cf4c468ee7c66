import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore

/// The pets in the data folder: every machine's records read and merged, this machine's own record and history
/// written. Reads take no lock and write nothing (a read-only folder works); writes: own files, pet's lock, atomic.
public final class FileStorage: LaundryStorage {
    public let paths: LaundryPaths
    /// `$XDG_STATE_HOME/laundry/device-id`.
    public let device: DeviceIdentity

    public init(paths: LaundryPaths, device: DeviceIdentity? = nil) {
        self.paths = paths
        self.device = device ?? DeviceIdentity(file: paths.deviceFile)
    }

    public func deviceID() throws(StoreError) -> String { try device.id() }
    public func renewDeviceID() throws(StoreError) -> String { try device.renew() }
    public func existingDeviceID() throws(StoreError) -> String? { try DeviceIdentity.read(device.file) }

    public func machineFile(_ device: String) -> MachineFile? { MachineFile.read(paths.machineFile(device)) }

    public func writeMachineFile(_ file: MachineFile, device: String) throws(StoreError) {
        try file.write(to: paths.machineFile(device))
    }

    public func prices() throws(StoreProblem) -> PriceFile? { try PriceFile.read(paths.state + "/" + PriceFile.name) }

    public func machines() -> [String] {
        PosixFile.listFolder(paths.machines).filter(DeviceIdentity.isValid).sorted()
    }

    public func loadAll(includingReleased: Bool, keeping reads: RecordReads?) -> StoreSnapshot {
        var problems: [StoreProblem] = []
        var records: [UUID: [PetRecord]] = [:]
        for device in machines() {
            let folder = paths.records(device)
            let names = PosixFile.listFolder(folder)
            // A record a sync engine is replacing is missing from the listing for a moment.
            for name in names + PosixFile.namesArriving(names).filter({ !names.contains($0) }) {
                guard let id = LaundryPaths.id(fromFileName: name, suffix: ".json") else { continue }
                let path = folder + "/" + name
                // Stamped before it is read: a file replaced meanwhile is read again under the lock.
                let version = reads == nil ? nil : PosixFile.stamp(path)
                if let record = read(path, id: id, problems: &problems, keeping: version.map { (reads!, $0) }) {
                    records[id, default: []].append(record)
                }
            }
        }
        // In the pets' id order, so every listing (and what is built from it) is the same everywhere.
        let pets = records.sorted { $0.key < $1.key }
            .compactMap { PetRecord.merge($0.value) }.filter { includingReleased || !$0.isReleased }
        return StoreSnapshot(pets: pets, problems: problems)
    }

    public func load(_ id: UUID, problems: inout [StoreProblem]) -> MergedPet? {
        load(id, problems: &problems, own: nil, reads: nil)
    }

    /// `load` with one machine's record already read (`update` reads its own machine's first).
    private func load(
        _ id: UUID, problems: inout [StoreProblem], own: (device: String, record: PetRecord?)?, reads: RecordReads?
    ) -> MergedPet? {
        var records: [PetRecord] = []
        for device in machines() {
            if let own, own.device == device {
                if let record = own.record { records.append(record) }
            } else if let record = read(paths.recordFile(id, device: device), id: id, problems: &problems, reads: reads)
            {
                records.append(record)
            }
        }
        return PetRecord.merge(records)
    }

    /// Each record file's inode, size and change time: every write replaces a file, so a new inode or time is new data.
    public func recordVersion(_ id: UUID) -> RecordVersion {
        var versions: [String: String] = [:]
        for device in machines() {
            let path = paths.recordFile(id, device: device)
            if let version = PosixFile.stamp(path) { versions[path] = version.text }
        }
        return RecordVersion(versions)
    }

    public func histories(_ id: UUID) -> [[HistoryEvent]] {
        machines().map { HistoryLog.read(paths.historyFile(id, device: $0)).events }
    }

    public func notes(_ id: UUID) -> DeviceNotes {
        if case .data(let data)? = try? PosixFile.read(paths.notesFile(id)),
            let notes = try? JSONCoding.decoder().decode(DeviceNotes.self, from: data), notes.petID == id
        {
            return notes
        }
        return DeviceNotes(petID: id)
    }

    /// Writes this machine's notes about a pet (only its daemon does), outside the shared folder.
    public func save(_ notes: DeviceNotes) throws(StoreError) {
        try PosixFile.makeFolder(paths.notes)
        try PosixFile.writeAtomically(
            try Self.encode(notes, path: paths.notesFile(notes.petID)), to: paths.notesFile(notes.petID))
    }

    /// A record file read: nil (problem noted) when it does not parse, is implausible, or is of a newer laundry in a
    /// shape this one cannot read. With `keeping`, its bytes are kept with the version they were read at.
    func read(
        _ path: String, id: UUID, problems: inout [StoreProblem], reads: RecordReads? = nil,
        keeping: (RecordReads, PosixFile.Version)? = nil
    ) -> PetRecord? {
        do {
            guard case .data(let data) = try reads?.unchanged(path) ?? PosixFile.read(path) else { return nil }
            if let (reads, version) = keeping { reads.keep(data, of: path, version: version) }
            return try Self.decodeRecord(data, id: id, path: path, problems: &problems)
        } catch let error as StoreError {
            problems.append(.unreadable(path: path, problem: error.problem ?? .json(.notJSON)))
        } catch {
            problems.append(.unreadable(path: path, problem: .json(JSONCoding.problem(error))))
        }
        return nil
    }

    private struct SchemaProbe: Decodable { var schemaVersion: Int? }

    static func decodeRecord(_ data: Data, id: UUID, path: String, problems: inout [StoreProblem]) throws
        -> PetRecord?
    {
        let record: PetRecord
        let decoder = JSONCoding.decoder()
        do { record = try decoder.decode(PetRecord.self, from: data) } catch {
            if let version = (try? decoder.decode(SchemaProbe.self, from: data))?.schemaVersion,
                version > PetRecord.currentSchemaVersion
            {
                problems.append(.newerSchema(path: path, version: version))
                return nil
            }
            throw error
        }
        guard record.id == id else {
            problems.append(.unreadable(path: path, problem: .idDoesNotMatchFileName))
            return nil
        }
        if record.isFromNewerVersion { problems.append(.newerSchema(path: path, version: record.schemaVersion)) }
        if let problem = record.implausibleValue {
            problems.append(.unreadable(path: path, problem: problem))
            return nil
        }
        return record
    }

    @discardableResult
    public func update<Result>(
        _ id: UUID, device: String, reusing reads: RecordReads?, reporting report: ([StoreProblem]) -> Void,
        _ change: (_ merged: MergedPet, _ own: PetRecord?) throws -> (Result, PetRecord?, [HistoryEvent])
    ) throws -> Result? {
        try FileLock.withLock(paths.lockFile(id), runtime: paths.runtime) { () throws -> Result? in
            var problems: [StoreProblem] = []
            defer { report(problems) }
            // This machine's record is read once, for the change and for the merge alike.
            let own = try readOwn(id, device: device, reads: reads, problems: &problems)
            guard let merged = load(id, problems: &problems, own: (device, own.record), reads: reads) else {
                return nil
            }
            if own.broken { setAside(paths.recordFile(id, device: device)) }
            let (result, record, events) = try change(merged, own.record)
            if let record { try commit(record, events: events, device: device) }
            return result
        }
    }

    public func create(_ record: PetRecord, events: [HistoryEvent], device: String) throws {
        try withNamesLock { () throws in
            if let name = record.identity?.value.name { try requireUniqueName(name, except: nil) }
            try FileLock.withLock(paths.lockFile(record.id), runtime: paths.runtime) { () throws in
                try commit(record, events: events, device: device)
            }
        }
    }

    public func withNamesLock<T>(_ body: () throws -> T) throws -> T {
        try FileLock.withLock(paths.namesLockFile, runtime: paths.runtime, body)
    }

    /// Removes what this machine's writers, killed before their rename, left in its own folders (never another's):
    /// only names this store makes, once their writer is gone and they are ten minutes old.
    public func removeAbandonedTemporaries(device: String, now: Date) {
        for folder in [paths.records(device), paths.histories(device)] {
            PosixFile.removeAbandonedTemporaries(in: folder, names: PosixFile.listFolder(folder), now: now)
        }
    }

    /// This machine's record of the pet, or that it does not parse (the problem noted; the caller
    /// sets it aside once the change goes ahead). A record of a newer laundry is refused.
    private func readOwn(_ id: UUID, device: String, reads: RecordReads?, problems: inout [StoreProblem]) throws
        -> (record: PetRecord?, broken: Bool)
    {
        let path = paths.recordFile(id, device: device)
        guard case .data(let data) = try reads?.unchanged(path) ?? PosixFile.read(path) else { return (nil, false) }
        do {
            if let record = try Self.decodeRecord(data, id: id, path: path, problems: &problems) {
                guard !record.isFromNewerVersion else {
                    throw StoreError.newerSchema(
                        pet: record.identity?.value.name ?? id.lowercasedText, path: path, version: record.schemaVersion
                    )
                }
                return (record, false)
            }
            if case .newerSchema(_, let version)? = problems.first {
                throw StoreError.newerSchema(pet: id.lowercasedText, path: path, version: version)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            problems.append(.unreadable(path: path, problem: .json(JSONCoding.problem(error))))
        }
        return (nil, true)
    }

    /// Writes a change in an order a crash between any two steps cannot make inconsistent: the history's room is
    /// reserved and the record written under a temporary name first (a full disk refuses the whole change, nothing of
    /// it seen), then the record is renamed into place, then the history lines are appended into the room reserved.
    func commit(_ record: PetRecord, events: [HistoryEvent], device: String) throws {
        try PosixFile.makeFolder(paths.records(device))
        try PosixFile.makeFolder(paths.histories(device))
        let history = try HistoryLog.reserve(events, at: paths.historyFile(record.id, device: device))
        let file: PosixFile.PreparedReplacement
        do {
            let path = paths.recordFile(record.id, device: device)
            file = try PosixFile.PreparedReplacement(try Self.encode(record, path: path), for: path)
        } catch {
            history?.cancel()
            throw error
        }
        do { try file.commit() } catch {
            history?.cancel()
            throw error
        }
        PosixFile.syncFolder(paths.records(device))
        try history?.write()
    }

    /// Renames a corrupt file of this machine's to `<name>.corrupt-<UTC time>`.
    private func setAside(_ path: String) {
        let stamp = Timestamp.format(SystemClock().now()).replacing(":", with: "").replacing("-", with: "")
        if Glibc.rename(path, "\(path).corrupt-\(stamp)") == 0 { PosixFile.syncFolder(PathText.parent(path)) }
    }

    static func encode<T: Encodable>(_ value: T, path: String) throws(StoreError) -> Data {
        do { return try JSONCoding.encoder().encode(value) + Data("\n".utf8) } catch {
            throw .unwritable(path: path, problem: .notEncodable)
        }
    }
}
