import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore

/// `machines/<device-id>/machine.json`: which host writes that folder, in this layout. Written by its own machine,
/// read by the others (doctor lists them; the old layout goes once every machine whose stamps it carries has one).
public struct MachineFile: Codable, Equatable, Sendable {
    public static let currentLayout = 2

    public var device: String
    /// The host name, for people (`laptop`).
    public var host: String
    /// `/etc/machine-id` (empty if none): two hosts with one device id are two machines (a cloned disk or home).
    public var machineID: String
    public var layout = MachineFile.currentLayout
    /// Its user (config.json's `person`, else the login name), so machines can name each other's; nil before people.
    public var person: String?

    /// This host, as it would write its machine file.
    public static func here(device: String, person: String? = nil) -> MachineFile {
        let host = ProcessInfo.processInfo.hostName
        var machineID = ""
        if case .data(let data)? = try? PosixFile.read("/etc/machine-id", limit: 256) {
            machineID = String(decoding: data, as: UTF8.self).trimming()
        }
        var file = MachineFile(device: device, host: host, machineID: machineID)
        file.person = person
        return file
    }

    /// Same host: by `/etc/machine-id` where both have one (a renamed host is still itself), else by host name.
    public func isSameHost(as other: MachineFile) -> Bool {
        if !machineID.isEmpty, !other.machineID.isEmpty { return machineID == other.machineID }
        return host == other.host
    }

    public static func read(_ path: String) -> MachineFile? {
        guard case .data(let data)? = try? PosixFile.read(path, limit: 4096) else { return nil }
        return try? JSONCoding.decoder().decode(MachineFile.self, from: data)
    }

    public func write(to path: String) throws(StoreError) {
        try PosixFile.makeFolder(PathText.parent(path))
        try PosixFile.writeAtomically(try FileStorage.encode(self, path: path), to: path)
    }
}

extension FileStorage {
    /// Each machine that wrote to the folder, its machine file (if arrived) and when it last wrote a record or history.
    public func machineList() -> [(device: String, file: MachineFile?, lastWrote: Date?)] {
        machines().map { device in
            var latest: Date?
            for folder in [paths.records(device), paths.histories(device)] {
                for name in PosixFile.listFolder(folder) {
                    var info = stat()
                    guard lstat(folder + "/" + name, &info) == 0 else { continue }
                    let time = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec))
                    latest = max(latest ?? time, time)
                }
            }
            return (device, MachineFile.read(paths.machineFile(device)), latest)
        }
    }
}
