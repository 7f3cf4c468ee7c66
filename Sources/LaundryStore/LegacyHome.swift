import FoundationEssentials
import LaundryCore

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The layout of laundry before each machine had its own folder, read as it is: every pet file,
/// its conflict copies, the timers, the releases and the histories become records and events
/// like any machine's, with the stamps, ids and ends they carry. So a home in that layout shows
/// as it is, read-only; the first command that writes imports it (`PetStore.importLegacy`), and
/// once every machine whose stamps it carries has moved, it is removed.
public struct LegacyHome: Sendable {
    public let paths: LegacyPaths

    public init(paths: LegacyPaths) { self.paths = paths }

    /// Whether anything of the old layout is still here.
    public var isPresent: Bool { paths.all.contains { PosixFile.exists($0) } }

    /// Every pet of the old layout as records (a pet file and each conflict copy one each, with
    /// the timer that is its load; a release one of its own), by pet.
    public func records(problems: inout [StoreProblem]) -> [UUID: [PetRecord]] {
        var result: [UUID: [PetRecord]] = [:]
        let petNames = PosixFile.listFolder(paths.pets)
        let timerNames = PosixFile.listFolder(paths.timers)
        var timers: [UUID: [LaundryTimer]] = [:]
        for name in timerNames {
            guard let id = Self.id(of: name, suffix: ".json"),
                let timer: LaundryTimer = decode(paths.timers + "/" + name, problems: &problems)
            else { continue }
            timers[id, default: []].append(timer)
        }
        for name in petNames {
            guard let id = Self.id(of: name, suffix: ".json"),
                let pet: OldPet = decode(paths.pets + "/" + name, problems: &problems), pet.id == id
            else { continue }
            result[id, default: []].append(pet.record(timers: timers[id] ?? []))
        }
        for name in PosixFile.listFolder(paths.released) {
            guard let id = LaundryPaths.id(fromFileName: name, suffix: ".json"),
                let release: OldRelease = decode(paths.released + "/" + name, problems: &problems), release.petID == id
            else { continue }
            var record = PetRecord(id: id, createdAt: .distantFuture)
            record.release = .init(
                stamp: PartStamp(at: release.at, device: release.device), value: .init(name: release.name))
            result[id, default: []].append(record)
        }
        return result
    }

    /// One pet's records, as `records` gives them.
    public func records(for id: UUID, problems: inout [StoreProblem]) -> [PetRecord] {
        guard PosixFile.exists(paths.pets) || PosixFile.exists(paths.released) else { return [] }
        return records(problems: &problems)[id] ?? []
    }

    /// The pet's events in the old history file and its conflict copies.
    /// - Parameter names: the old history folder's listing, for a caller reading many pets (nil:
    ///   listed now).
    public func history(for id: UUID, names: [String]? = nil) -> [[HistoryEvent]] {
        let stem = LaundryPaths.fileStem(id)
        return (names ?? historyNames()).filter { $0.hasPrefix(stem) && $0.hasSuffix(".jsonl") }.map {
            HistoryLog.read(paths.history + "/" + $0).events
        }
    }

    public func historyNames() -> [String] { PosixFile.listFolder(paths.history) }

    /// What this machine's daemon announced, as the old layout kept it (in `devices/<id>/`, or in
    /// older still, in the pet's own files).
    public func notes(_ id: UUID, device: String) -> DeviceNotes? {
        if case .data(let data)? = try? PosixFile.read(paths.notesFile(id, device: device)),
            let notes = try? JSONCoding.decoder().decode(DeviceNotes.self, from: data), notes.petID == id
        {
            return notes
        }
        var notes = DeviceNotes(petID: id)
        let decoder = JSONCoding.decoder()
        if case .data(let data)? = try? PosixFile.read(paths.petFile(id)),
            let fields = try? decoder.decode(OldNoteFields.self, from: data), fields.parts == nil
        {
            notes.warningsSent = Set(fields.sentHealthWarnings ?? [])
            notes.loadReminder = fields.loadReminder
            if case .data(let timer)? = try? PosixFile.read(paths.timerFile(id)),
                let old = try? decoder.decode(OldTimerNote.self, from: timer), old.notified == true
            {
                notes.announcedLoad = old.id
            }
            return notes
        }
        return nil
    }

    /// Every machine whose stamps or notes the old files carry: it must have moved before they go.
    public func devices() -> Set<String> {
        var devices = Set(PosixFile.listFolder(paths.devices).filter(DeviceIdentity.isValid))
        var ignored: [StoreProblem] = []
        for records in records(problems: &ignored).values {
            for record in records {
                devices.formUnion(record.stamps.values.map(\.device).filter(DeviceIdentity.isValid))
            }
        }
        return devices
    }

    /// Removes every file of the old layout (once no machine needs them).
    public func remove() {
        for folder in paths.all {
            removeTree(folder)
        }
    }

    private func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            for name in PosixFile.listFolder(path) { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    private static func id(of name: String, suffix: String) -> UUID? {
        LaundryPaths.id(fromFileName: name, suffix: suffix) ?? LaundryPaths.id(fromConflictName: name, suffix: suffix)
    }

    private func decode<Value: Decodable>(_ path: String, problems: inout [StoreProblem]) -> Value? {
        do {
            guard case .data(let data) = try PosixFile.read(path) else { return nil }
            return try JSONCoding.decoder().decode(Value.self, from: data)
        } catch let error as StoreError {
            problems.append(.unreadable(path: path, problem: error.problem ?? .json(.notJSON)))
        } catch {
            problems.append(.unreadable(path: path, problem: .json(JSONCoding.problem(error))))
        }
        return nil
    }

    // MARK: The old files' shapes

    private struct OldStamp: Decodable {
        var at: Date
        var device: String
    }

    private struct OldParts: Decodable {
        var identity: [OldStamp]?
        var settings: [OldStamp]?
        var cycle: [OldStamp]?
        var reminders: [OldStamp]?
    }

    private struct OldPet: Decodable {
        var id: UUID
        var name: String
        var kind: String
        var washDuration: LaundryDuration
        var dryDuration: LaundryDuration
        var cycleDays: Double
        var createdAt: Date
        var lastLaundryAt: Date?
        var stage: Stage
        var totalCycles: Int
        var currentStreak: Int
        var longestStreak: Int
        var snoozedUntil: Date?
        var loadID: UUID?
        var parts: OldParts?

        /// A pet from before stamps loses to every stamped change.
        private static let unstamped = PartStamp(at: Date(timeIntervalSince1970: 0), device: "0000000000000000")

        func record(timers: [LaundryTimer]) -> PetRecord {
            func stamp(_ lineage: [OldStamp]?) -> PartStamp {
                lineage?.last.map { PartStamp(at: $0.at, device: $0.device) } ?? Self.unstamped
            }
            // Its load: the timer it names (or, before load ids, the one timing its stage).
            let load = timers.first { timer in
                guard timer.petID == id else { return false }
                if let loadID { return timer.id == loadID }
                return parts == nil && stage != .idle
            }
            var record = PetRecord(id: id, createdAt: createdAt)
            record.identity = .init(stamp: stamp(parts?.identity), value: .init(name: name, kind: kind))
            record.settings = .init(
                stamp: stamp(parts?.settings),
                value: .init(washDuration: washDuration, dryDuration: dryDuration, cycleDays: cycleDays))
            record.cycle = .init(
                stamp: stamp(parts?.cycle),
                value: .init(
                    stage: stage, lastLaundryAt: lastLaundryAt, totalCycles: totalCycles, currentStreak: currentStreak,
                    longestStreak: longestStreak, load: load))
            record.reminders = .init(stamp: stamp(parts?.reminders), value: .init(snoozedUntil: snoozedUntil))
            return record
        }
    }

    private struct OldRelease: Decodable {
        var petID: UUID
        var name: String
        var at: Date
        var device: String
    }

    private struct OldNoteFields: Decodable {
        var parts: OldParts?
        var sentHealthWarnings: [Int]?
        var loadReminder: LoadReminder?
    }

    private struct OldTimerNote: Decodable {
        var id: UUID
        var notified: Bool?
    }
}
