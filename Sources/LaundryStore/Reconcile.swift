import FoundationEssentials
import LaundryCore

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// What arrives from other machines through a shared folder: a sync engine's conflict copies
/// (both machines changed a file before either saw the other's change) and releases. Copies are
/// merged into the pet's own files and removed; a copy that cannot be merged is set aside, never
/// deleted. Every machine merges the same copies into the same bytes, so nothing flips back and
/// forth between them.
extension PetStore {
    /// The conflict copies of one pet, by file name.
    struct Copies {
        var pets: [String] = []
        var timers: [String] = []
        var histories: [String] = []
    }

    /// Merges every conflict copy and applies every release that has arrived.
    /// - Parameters: the names already listed in `pets/` and `timers/`, if the caller has them.
    public func reconcile(petNames: [String]? = nil, timerNames: [String]? = nil) -> [StoreProblem] {
        var problems: [StoreProblem] = []
        let found = copies(
            petNames: petNames ?? PosixFile.listFolder(paths.pets),
            timerNames: timerNames ?? PosixFile.listFolder(paths.timers))
        for id in found.keys.sorted(by: { $0.lowercasedText < $1.lowercasedText }) {
            do {
                try ensureFolders()
                problems += try FileLock.withLock(paths.lockFile(id)) { () throws -> [StoreProblem] in
                    try merge(id, found[id]!)
                }
            } catch {
                problems.append(.unreadable(path: paths.petFile(id), reason: Self.reason(error)))
            }
        }
        problems += applyReleases()
        return problems
    }

    /// For a reader that changes nothing (`doctor`): the copies still to merge.
    func waitingCopies(petNames: [String], timerNames: [String]) -> [StoreProblem] {
        var waiting: [String] = []
        for copies in copies(petNames: petNames, timerNames: timerNames).values {
            waiting += copies.pets.map { paths.pets + "/" + $0 }
            waiting += copies.timers.map { paths.timers + "/" + $0 }
            waiting += copies.histories.map { paths.history + "/" + $0 }
        }
        return waiting.sorted().map { StoreProblem.copyWaiting(path: $0) }
    }

    private func copies(petNames: [String], timerNames: [String]) -> [UUID: Copies] {
        var found: [UUID: Copies] = [:]
        for name in petNames {
            if let id = LaundryPaths.id(fromConflictName: name, suffix: ".json") {
                found[id, default: Copies()].pets.append(name)
            }
        }
        for name in timerNames {
            if let id = LaundryPaths.id(fromConflictName: name, suffix: ".json") {
                found[id, default: Copies()].timers.append(name)
            }
        }
        for name in PosixFile.listFolder(paths.history) {
            if let id = LaundryPaths.id(fromConflictName: name, suffix: ".jsonl") {
                found[id, default: Copies()].histories.append(name)
            }
        }
        return found
    }

    /// Merges one pet's copies into its files, under its lock.
    private func merge(_ id: UUID, _ copies: Copies) throws -> [StoreProblem] {
        var problems: [StoreProblem] = []
        var merged: [String] = []
        let decoder = JSONCoding.decoder()
        // The pet: its own file and every copy that reads as this pet.
        let ownPet = try readPet(id, problems: &problems)
        if let ownPet, ownPet.isFromNewerVersion {
            // Its fields this version does not know would be lost: left for that version to merge.
            return problems + copies.pets.map { .copyWaiting(path: paths.pets + "/" + $0) }
        }
        var pets = ownPet.map { [$0] } ?? []
        for name in copies.pets.sorted() {
            let path = paths.pets + "/" + name
            switch decodeCopy(Pet.self, at: path, decoder) {
            case .success(let pet) where pet.id == id && pet.implausibleValue == nil && !pet.isFromNewerVersion:
                pets.append(pet)
                merged.append(path)
            case .success(let pet) where pet.isFromNewerVersion:
                problems.append(.newerSchema(path: path, version: pet.schemaVersion))
            case .success:
                problems.append(setAsideCopy(path, reason: "it is not a plausible copy of this pet"))
            case .failure(let reason):
                problems.append(setAsideCopy(path, reason: reason))
            }
        }
        let ownTimer = readTimer(id, problems: &problems)
        var timers = ownTimer.map { [$0] } ?? []
        for name in copies.timers.sorted() {
            let path = paths.timers + "/" + name
            switch decodeCopy(LaundryTimer.self, at: path, decoder) {
            case .success(let timer) where timer.petID == id && timer.implausibleValue == nil:
                timers.append(timer)
                merged.append(path)
            case .success: problems.append(setAsideCopy(path, reason: "it is not a plausible timer of this pet"))
            case .failure(let reason): problems.append(setAsideCopy(path, reason: reason))
            }
        }
        guard !pets.isEmpty else {
            // No pet to merge into: copies of a released pet go with it; otherwise they wait for
            // the pet's file to arrive.
            if PosixFile.exists(paths.releaseFile(id)) {
                for name in copies.timers { try PosixFile.remove(paths.timers + "/" + name) }
                for name in copies.histories { try PosixFile.remove(paths.history + "/" + name) }
            }
            return problems
        }
        let result = PetMerge.merge(pets)
        // The winning load's timer; else one that arrived ahead of its pet file (kept, not live).
        let timer =
            PetMerge.timer(for: result.pet, among: timers)
            ?? timers.filter { !PetMerge.isLeftover($0, for: result.pet) }.max { Self.order($0) < Self.order($1) }

        // History: the union of every copy's events, and what the merge superseded.
        let ownHistory = HistoryLog.read(paths.historyFile(id)).events
        var histories = [ownHistory]
        for name in copies.histories.sorted() {
            let path = paths.history + "/" + name
            let contents = HistoryLog.read(path)
            histories.append(contents.events)
            if contents.unreadableLines > 0 {
                problems.append(setAsideCopy(path, reason: "\(contents.unreadableLines) of its lines do not read"))
            } else {
                merged.append(path)
            }
        }
        histories.append(result.superseded)
        let history = PetMerge.history(histories)

        // History first (what was superseded can only be told while the copies exist), then the
        // store's usual order: timer, pet; copies removed last, so a crash at any point leaves
        // copies that merge again into the same result.
        if history != ownHistory { try HistoryLog.rewrite(history, at: paths.historyFile(id)) }
        if let timer, timer != ownTimer {
            try PosixFile.writeAtomically(
                try encode(timer, JSONCoding.encoder(), path: paths.timerFile(id)), to: paths.timerFile(id))
        }
        if result.pet != ownPet {
            try PosixFile.writeAtomically(
                try encode(result.pet, JSONCoding.encoder(), path: paths.petFile(id)), to: paths.petFile(id))
        }
        if timer == nil { try PosixFile.remove(paths.timerFile(id)) }
        for path in merged {
            try PosixFile.remove(path)
            problems.append(.mergedCopy(path: path, pet: result.pet.name))
        }
        return problems
    }

    private static func order(_ timer: LaundryTimer) -> (PartStamp, String) {
        (timer.stamp ?? PartStamp(at: .distantPast, device: ""), timer.id.lowercasedText)
    }

    private enum Decoded<Value> {
        case success(Value)
        case failure(String)
    }

    private func decodeCopy<Value: Decodable>(_ type: Value.Type, at path: String, _ decoder: JSONDecoder) -> Decoded<
        Value
    > {
        do {
            guard case .data(let data) = try PosixFile.read(path) else { return .failure("it vanished") }
            return .success(try decoder.decode(type, from: data))
        } catch let error as StoreError {
            return .failure(error.reason)
        } catch {
            return .failure(JSONCoding.reason(error))
        }
    }

    /// Renames a copy that cannot be merged to `<name>.unmerged`: the same name on every machine,
    /// so two machines setting the same copy aside agree.
    private func setAsideCopy(_ path: String, reason: String) -> StoreProblem {
        let target = path + ".unmerged"
        guard Glibc.rename(path, target) == 0 else { return .unreadable(path: path, reason: reason) }
        PosixFile.syncFolder(PathText.parent(path))
        return .copySetAside(path: path, movedTo: target, reason: reason)
    }

    /// Releases that arrived from other machines: a pet released after every change made to it
    /// goes here too; one changed after its release stays.
    private func applyReleases() -> [StoreProblem] {
        var problems: [StoreProblem] = []
        let names = PosixFile.listFolder(paths.released)
        for name in names {
            // Two machines released the same pet: either record says so.
            if let id = LaundryPaths.id(fromConflictName: name, suffix: ".json"),
                names.contains("\(LaundryPaths.fileStem(id)).json")
            {
                try? PosixFile.remove(paths.released + "/" + name)
                continue
            }
            guard let id = LaundryPaths.id(fromFileName: name, suffix: ".json"), PosixFile.exists(paths.petFile(id)),
                case .data(let data)? = try? PosixFile.read(paths.releaseFile(id)),
                let release = try? JSONCoding.decoder().decode(ReleaseRecord.self, from: data), release.petID == id
            else { continue }
            do {
                try FileLock.withLock(paths.namesLockFile) { () throws in
                    try FileLock.withLock(paths.lockFile(id)) { () throws in
                        var ignored: [StoreProblem] = []
                        guard let pet = try readPet(id, problems: &ignored), release.wins(over: pet) else { return }
                        try removeFiles(id, device: nil)
                        problems.append(.releasedElsewhere(pet: pet.name))
                    }
                }
            } catch {
                problems.append(.unreadable(path: paths.petFile(id), reason: Self.reason(error)))
            }
        }
        return problems
    }
}
