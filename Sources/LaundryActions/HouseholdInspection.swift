import FoundationEssentials
import LaundryCore
import LaundryStore

/// What `laundry doctor` says about sharing the folder: this machine's device id, the Syncthing folder the data
/// folder is in, and the machines that write to it. Read without changing anything (no device id is made).
public struct HouseholdInspection: Sendable {
    public enum Device: Sendable {
        case known(String)
        /// None yet: the first change made on this machine makes one.
        case notYet
        case broken(StoreError)
    }

    public struct Machine: Sendable {
        public let device: String
        /// Its host name, once its machine file has arrived.
        public let host: String?
        public let lastWrote: Date?
        public let isThisMachine: Bool
    }

    public let device: Device
    public let deviceFile: String?
    /// The Syncthing folder (the one with `.stfolder`) the data folder is in, if any.
    public let syncFolder: String?
    public let machines: [Machine]
    /// Another host wrote this machine's folder (a cloned disk or home): the next change, here or there, renews one id.
    public let sharedWith: String?
}

extension Laundry {
    public func inspectHousehold() -> HouseholdInspection {
        let device: HouseholdInspection.Device
        var here: String?
        do {
            here = try storage.existingDeviceID()
            device = here.map { .known($0) } ?? .notYet
        } catch {
            device = .broken(error)
        }
        let machines = (files ?? FileStorage(paths: paths)).machineList().map { machine in
            HouseholdInspection.Machine(
                device: machine.device, host: machine.file?.host, lastWrote: machine.lastWrote,
                isThisMachine: machine.device == here)
        }
        var sharedWith: String?
        if let here, let claimed = storage.machineFile(here),
            !claimed.isSameHost(as: MachineFile.here(device: here))
        {
            sharedWith = claimed.host
        }
        return HouseholdInspection(
            device: device, deviceFile: paths.deviceFile, syncFolder: Self.syncthingFolder(containing: paths.root),
            machines: machines, sharedWith: sharedWith)
    }

    /// The nearest folder at or above `path` that Syncthing shares (it keeps `.stfolder` there).
    static func syncthingFolder(containing path: String) -> String? {
        var folder = path
        while !folder.isEmpty && folder != "/" {
            if PosixFile.exists(folder + "/.stfolder") { return folder }
            folder = PathText.parent(folder)
        }
        return nil
    }
}
