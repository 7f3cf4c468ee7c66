@preconcurrency import Glibc
import LaundryControl
import LaundryCore
import LaundryStore

/// Made sure of before a process's first change: its machine folder is its own (a cloned disk would make two writers).
extension Laundry {
    /// Also run by the daemon when it starts.
    public func prepareToWrite() throws {
        guard !readyToWriteDone else { return }
        try claimMachineFolder()
        files?.removeAbandonedTemporaries(device: try storage.deviceID(), now: now)
        readyToWriteDone = true
    }

    /// This machine's `machine.json`, written when missing; if another host's (cloned disk), the newer takes a new id.
    private func claimMachineFolder() throws {
        let here = try storage.deviceID()
        let mine = MachineFile.here(device: here, person: person.name)
        guard let claimed = storage.machineFile(here) else { return try storage.writeMachineFile(mine, device: here) }
        if claimed.isSameHost(as: mine) {
            return claimed == mine ? () : try storage.writeMachineFile(mine, device: here)
        }
        let fresh = try storage.renewDeviceID()
        warnings.append(.deviceRenewed(old: here, new: fresh, otherHost: claimed.host))
        try storage.writeMachineFile(MachineFile.here(device: fresh, person: person.name), device: fresh)
    }
}
