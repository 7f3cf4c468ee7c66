import FoundationEssentials
import LaundryCore
import LaundryStore

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// What `laundry doctor` sees in the files, read without changing anything: corrupt files are
/// reported here and set aside by the next command.
public struct Inspection: Sendable {
    public enum Home: Sendable {
        case notCreated
        case notWritable
        case ready(pets: Int, timers: Int)
    }

    public let home: Home
    public let problems: [StoreProblem]
    /// Files an earlier command set aside as corrupt (`*.corrupt-<time>`).
    public let setAsideFiles: [String]
}

extension Laundry {
    public func inspect() -> Inspection {
        let paths = files.paths
        var info = stat()
        guard stat(paths.root, &info) == 0 else {
            return Inspection(home: .notCreated, problems: [], setAsideFiles: [])
        }
        guard info.st_mode & S_IFMT == S_IFDIR, access(paths.root, W_OK) == 0 else {
            return Inspection(home: .notWritable, problems: [], setAsideFiles: [])
        }
        let snapshot = PetStore(paths: paths, setsAsideCorruptFiles: false).loadAll()
        let setAside = ((try? FileManager.default.contentsOfDirectory(atPath: paths.pets)) ?? [])
            .filter { $0.contains(".corrupt-") }.sorted().map { "\(paths.pets)/\($0)" }
        return Inspection(
            home: .ready(pets: snapshot.states.count, timers: snapshot.states.filter { $0.liveTimer != nil }.count),
            problems: snapshot.problems, setAsideFiles: setAside)
    }
}
