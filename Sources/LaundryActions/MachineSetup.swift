import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryStore

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// What a process makes sure of before its first change: that its machine folder is its own (a
/// cloned disk or home folder would make two writers of it), and that the old layout, if any, is
/// brought into this machine's files, and removed once every machine it names has moved.
extension Laundry {
    /// Also run by the daemon when it starts.
    public func prepareToWrite() throws {
        guard !readyToWriteDone else { return }
        try claimMachineFolder()
        try importOldLayout()
        store.removeAbandonedTemporaries(device: try device.id(), now: now)
        readyToWriteDone = true
    }

    /// This machine's `machine.json`: written when missing. When another host wrote it, two
    /// machines share this device id (a cloned disk or home folder); the one that finds the folder
    /// already claimed is the newer of the two, and takes a new id.
    private func claimMachineFolder() throws {
        let here = try device.id()
        let mine = MachineFile.here(device: here, person: person)
        let path = store.paths.machineFile(here)
        guard let claimed = MachineFile.read(path) else { return try mine.write(to: path) }
        if claimed.isSameHost(as: mine) { return claimed == mine ? () : try mine.write(to: path) }
        let fresh = try device.renew()
        warnings.append(.deviceRenewed(old: here, new: fresh, otherHost: claimed.host))
        try MachineFile.here(device: fresh, person: person).write(to: store.paths.machineFile(fresh))
    }

    /// Brings the old layout in, once no daemon of the old version runs on this machine (one is
    /// stopped, and started again in the new version); removes it once every machine it names has
    /// moved.
    private func importOldLayout() throws {
        let legacy = LegacyHome(paths: store.paths.legacy)
        guard legacy.isPresent else { return }
        var restart = false
        if let autostart = daemonAutostart, let old = autostart.runningOldDaemon() {
            guard autostart.stop(pid: old) else {
                warnings.append(.importWaits(oldDaemonPID: old))
                return
            }
            restart = true
        }
        _ = try store.importLegacy(device: try device.id())
        let moved = Set(store.machines().filter { MachineFile.read(store.paths.machineFile($0)) != nil })
        let waiting = legacy.devices().subtracting(moved)
        if waiting.isEmpty { legacy.remove() }
        if restart, let problem = daemonAutostart?.ensureRunning() { warnings.append(.daemonNotStarted(problem)) }
    }
}
