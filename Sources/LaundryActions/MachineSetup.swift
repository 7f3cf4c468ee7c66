import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryStore

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// What a process makes sure of before its first change: that its machine folder is its own (a
/// cloned disk or home folder would make two writers of it).
extension Laundry {
    /// Also run by the daemon when it starts.
    public func prepareToWrite() throws {
        guard !readyToWriteDone else { return }
        try claimMachineFolder()
        store.removeAbandonedTemporaries(device: try device.id(), now: now)
        readyToWriteDone = true
    }

    /// This machine's `machine.json`: written when missing. When another host wrote it, two
    /// machines share this device id (a cloned disk or home folder); the one that finds the folder
    /// already claimed is the newer of the two, and takes a new id.
    private func claimMachineFolder() throws {
        let here = try device.id()
        let mine = MachineFile.here(device: here, person: person.name)
        let path = store.paths.machineFile(here)
        guard let claimed = MachineFile.read(path) else { return try mine.write(to: path) }
        if claimed.isSameHost(as: mine) { return claimed == mine ? () : try mine.write(to: path) }
        let fresh = try device.renew()
        warnings.append(.deviceRenewed(old: here, new: fresh, otherHost: claimed.host))
        try MachineFile.here(device: fresh, person: person.name).write(to: store.paths.machineFile(fresh))
    }
}
