/// Which folders the daemon and `status --follow` watch, and what a file changing in one means.
extension FileStorage {
    /// Data folder, machines folder (joins), each machine's folder and records; `machines` and `pets` may come later.
    public var watchedFolders: [String] {
        [paths.root, paths.machines] + machines().flatMap { [paths.records($0), paths.machine($0)] }
    }

    public func makeWatch() throws(StoreError) -> DirectoryWatch {
        try DirectoryWatch(folders: watchedFolders) { [paths] name, folder in
            Self.arrival(name, inFolder: folder, root: paths.root)
        }
    }

    /// Nil for a file that is none of laundry's business (a temporary, a history line).
    static func arrival(_ name: String, inFolder folder: String, root: String) -> DirectoryWatch.Arrival? {
        if folder == root { return name == "machines" ? .fromElsewhere : nil }
        if folder.hasSuffix("/machines") { return DeviceIdentity.isValid(name) ? .fromElsewhere : nil }
        if PathText.parent(folder).hasSuffix("/machines") { return name == "pets" ? .fromElsewhere : nil }
        if folder.hasSuffix("/pets"), PathText.parent(PathText.parent(folder)).hasSuffix("/machines") {
            return LaundryPaths.id(fromFileName: name, suffix: ".json").map { .pet($0) }
        }
        return nil
    }
}
