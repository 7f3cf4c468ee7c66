import FoundationEssentials
import LaundryCore
import LaundryStore

/// What `laundry doctor` says about sharing the folder with other machines: this machine's
/// device id, the Syncthing folder `LAUNDRY_HOME` is in, and what its `.stignore` could add.
/// Read without changing anything (no device id is made).
public struct HouseholdInspection: Sendable {
    public enum Device: Sendable {
        case known(String)
        /// None yet: the first change made on this machine makes one.
        case notYet
        case broken(StoreError)
    }

    public let device: Device
    public let deviceFile: String?
    /// The Syncthing folder (the one with `.stfolder`) `LAUNDRY_HOME` is in, if any.
    public let syncFolder: String?
    /// `.stignore` lines that would keep each machine's own files (locks, notes, temporaries)
    /// from being carried: a saving; everything is correct without them.
    public let missingIgnores: [String]
    /// Conflict copies that could not be merged, kept aside (`*.unmerged`).
    public let unmergedCopies: [String]
}

extension Laundry {
    public func inspectHousehold() -> HouseholdInspection {
        let paths = files.paths
        let device: HouseholdInspection.Device
        if let file = self.device.file {
            do { device = try DeviceIdentity.read(file).map { .known($0) } ?? .notYet } catch {
                device = .broken(error)
            }
        } else {
            device = (try? self.device.id()).map { .known($0) } ?? .notYet
        }
        let syncFolder = Self.syncthingFolder(containing: paths.root)
        var missing: [String] = []
        if let syncFolder {
            let relative = String(paths.root.dropFirst(syncFolder.count))
            let wanted = ["\(relative)/locks", "\(relative)/devices", ".*.tmp-*"]
            let present = Set(
                ((try? String(contentsOfFile: syncFolder + "/.stignore", encoding: .utf8)) ?? "")
                    .split(separator: "\n").map { $0.trimmingPrefix("(?d)").description })
            missing = wanted.filter { !present.contains($0) }
        }
        let unmerged = [paths.pets, paths.timers, paths.history].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".unmerged") }
                .map { folder + "/" + $0 }
        }.sorted()
        return HouseholdInspection(
            device: device, deviceFile: self.device.file, syncFolder: syncFolder, missingIgnores: missing,
            unmergedCopies: unmerged)
    }

    /// The nearest folder at or above `path` that Syncthing shares (it keeps `.stfolder` there).
    static func syncthingFolder(containing path: String) -> String? {
        var folder = path
        while !folder.isEmpty && folder != "/" {
            if FileManager.default.fileExists(atPath: folder + "/.stfolder") { return folder }
            folder = PathText.parent(folder)
        }
        return nil
    }
}
