import FoundationEssentials
import LaundryCore

extension PetStore {
    /// Brings the old layout into this machine's files: each pet's winning versions with the
    /// stamps, ids and ends they carry (so the merge sees no difference, and machines importing
    /// the same old files at once write the same versions), every history line not yet in its
    /// history, and this machine's notes. Idempotent: a crash halfway leaves a home the next run
    /// finishes. Returns how many pets it brought in.
    public func importLegacy(device: String) throws -> Int {
        let legacy = LegacyHome(paths: paths.legacy)
        var problems: [StoreProblem] = []
        var imported = 0
        for (id, old) in legacy.records(problems: &problems).sorted(by: { $0.key.sortsBefore($1.key) }) {
            try FileLock.withLock(paths.lockFile(id), runtime: paths.runtime) { () throws in
                let own = try ownRecord(id, device: device)
                var record =
                    own ?? PetRecord(id: id, createdAt: old.map(\.createdAt).min() ?? Date(timeIntervalSince1970: 0))
                record.createdAt = min(record.createdAt, old.map(\.createdAt).min() ?? record.createdAt)
                func newer<Value>(_ part: WritableKeyPath<PetRecord, PetRecord.Version<Value>?>) {
                    let winner = old.compactMap { $0[keyPath: part] }.max { $0.stamp < $1.stamp }
                    if let winner, record[keyPath: part].map({ $0.stamp < winner.stamp }) ?? true {
                        record[keyPath: part] = winner
                    }
                }
                newer(\.identity)
                newer(\.settings)
                newer(\.cycle)
                newer(\.reminders)
                newer(\.release)
                let known = Set(HistoryLog.read(paths.historyFile(id, device: device)).events.compactMap(\.id))
                let events = PetHistory.union(legacy.history(for: id)).filter { !known.contains($0.id ?? "") }
                if record != own || !events.isEmpty {
                    try commit(record, events: events, device: device)
                    imported += 1
                }
                if !PosixFile.exists(paths.notesFile(id)), let notes = legacy.notes(id, device: device) {
                    try saveNotes(notes)
                }
            }
        }
        return imported
    }
}
