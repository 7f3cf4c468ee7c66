@preconcurrency import Glibc
import LaundryCore
import LaundryStore

/// What `laundry doctor` sees in the files, read without changing anything.
public struct Inspection: Sendable {
    public enum Home: Sendable {
        case notCreated
        case notWritable
        case ready(pets: Int, timers: Int)
    }

    public let home: Home
    public let problems: [StoreProblem]
    /// This machine's records a change set aside as corrupt (`*.corrupt-<time>`).
    public let setAsideFiles: [String]
}

extension Laundry {
    public func inspect() -> Inspection {
        let paths = self.paths
        var info = stat()
        guard stat(paths.root, &info) == 0 else {
            return Inspection(home: .notCreated, problems: [], setAsideFiles: [])
        }
        guard info.st_mode & S_IFMT == S_IFDIR, access(paths.root, W_OK) == 0 else {
            return Inspection(home: .notWritable, problems: [], setAsideFiles: [])
        }
        let snapshot = storage.loadAll()
        let now = self.now
        var setAside: [String] = []
        if let here = try? storage.existingDeviceID() {
            setAside = PosixFile.listFolder(paths.records(here)).filter { $0.contains(".corrupt-") }.sorted()
                .map { "\(paths.records(here))/\($0)" }
        }
        return Inspection(
            home: .ready(
                pets: snapshot.pets.count,
                timers: snapshot.pets.filter { Laundry.settled($0.state, at: now).liveLoad != nil }.count),
            problems: snapshot.problems, setAsideFiles: setAside)
    }
}
