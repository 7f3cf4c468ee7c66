import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore

/// A place `DataDirectory.locate` looked for the data folder in.
public enum DataFolderPlace: Equatable, Sendable {
    /// `$LAUNDRY_DATA_DIR`, set to this folder.
    case variable(String)
    /// `share/laundry` beside the binary.
    case folder(String)
    /// A source tree's `data/` in any folder above the binary's.
    case sourceTreeAbove(String)
}

/// laundry's kinds and texts: `$LAUNDRY_DATA_DIR`, else `share/laundry` beside the binary, else the source's `data/`.
public struct DataDirectory: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: String? = currentExecutable()
    ) throws(StoreError) -> DataDirectory {
        var searched: [DataFolderPlace] = []
        if let explicit = environment["LAUNDRY_DATA_DIR"], !explicit.isEmpty {
            if isDataFolder(explicit) { return DataDirectory(path: explicit) }
            searched.append(.variable(explicit))
            throw .dataFolderMissing(searched: searched)
        }
        if let executable {
            let binFolder = PathText.parent(executable)
            let installed = PathText.appending("share/laundry", to: PathText.parent(binFolder))
            if isDataFolder(installed) { return DataDirectory(path: installed) }
            searched.append(.folder(installed))
            // A build folder inside the source tree: walk up to the folder with Package.swift.
            var folder = binFolder
            while folder != "/" && !folder.isEmpty {
                let candidate = folder + "/data"
                if PosixFile.exists(folder + "/Package.swift") && isDataFolder(candidate) {
                    return DataDirectory(path: candidate)
                }
                folder = PathText.parent(folder)
            }
            searched.append(.sourceTreeAbove(binFolder))
        }
        throw .dataFolderMissing(searched: searched)
    }

    public func loadKinds() throws(StoreError) -> KindCatalog {
        let catalog = try load(KindCatalog.self, from: "kinds.json")
        guard !catalog.kinds.isEmpty, catalog.kind(catalog.defaultKind) != nil else {
            throw .dataFileBroken(path: path + "/kinds.json", problem: .listsNoKinds)
        }
        return catalog
    }

    public func load<T: Decodable>(_ type: T.Type, from name: String) throws(StoreError) -> T {
        let file = path + "/" + name
        let read: PosixFile.ReadResult
        do { read = try PosixFile.read(file) } catch {
            throw .dataFileBroken(path: file, problem: error.problem ?? .missing)
        }
        guard case .data(let data) = read else { throw .dataFileBroken(path: file, problem: .missing) }
        do { return try JSONDecoder().decode(T.self, from: data) } catch {
            throw .dataFileBroken(path: file, problem: .json(JSONCoding.problem(error)))
        }
    }

    private static func isDataFolder(_ path: String) -> Bool { PosixFile.exists(path + "/kinds.json") }

    public static func currentExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments.first }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
