import FoundationEssentials
import LaundryCore

/// The store's careful file operations, for the daemon's own small files.
public enum StoreFiles {
    public static func writeAtomically(_ data: Data, to path: String) throws(StoreError) {
        try PosixFile.makeFolder(PathText.parent(path))
        try PosixFile.writeAtomically(data, to: path)
    }

    public static func makeFolder(_ path: String) throws(StoreError) {
        try PosixFile.makeFolder(path)
    }
}

/// Folders of the data folder made on purpose (0700), for the daemon to watch.
public enum StoreFolders {
    public static func make(_ folders: [String]) throws(StoreError) {
        for folder in folders { try PosixFile.makeFolder(folder) }
    }
}
