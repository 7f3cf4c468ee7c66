import FoundationEssentials
import LaundryCore

/// The store's careful file operations, for the daemon's own small files.
public enum StoreFiles {
    public static func writeAtomically(_ data: Data, to path: String) throws(StoreError) {
        try PosixFile.makeFolder(PathText.parent(path))
        try PosixFile.writeAtomically(data, to: path)
    }

    /// Made on purpose (0700), as every folder laundry makes.
    public static func makeFolder(_ path: String) throws(StoreError) {
        try PosixFile.makeFolder(path)
    }
}
