import FoundationEssentials
import LaundryActions
import LaundryCore
import LaundryRendering

/// `laundry doctor` on sharing the folder with the household's other machines.
enum DoctorHouseholdCheck {
    static func check(_ report: inout DoctorReport, _ inspection: HouseholdInspection, now: Date) {
        let file = inspection.deviceFile ?? "device-id"
        switch inspection.device {
        case .known(let id): report.ok("device", "this machine is \(id) (\(file))")
        case .notYet: report.ok("device", "no id yet; the first change made here creates \(file)")
        case .broken(let error):
            report.problem(
                "device", ErrorText.line(for: error) ?? "\(error)",
                fix: "rm \(ShellQuote.quote(file)) (a new id is made; this machine's stamps from before stay valid)")
        }
        if let other = inspection.sharedWith {
            report.problem(
                "device", "\(other) writes under this machine's device id too (a cloned disk or home folder?)",
                fix: "the next change made here or there gives one of them a new id; nothing else is needed")
        }
        if let folder = inspection.syncFolder {
            report.ok("household", "the data folder is in the Syncthing folder \(folder)")
        } else {
            report.ok(
                "household", "the data folder is not in a Syncthing folder (see README: Share with your household)")
        }
        for machine in inspection.machines {
            let who = machine.isThisMachine ? "this machine" : machine.host ?? "a machine whose name has not arrived"
            let when =
                machine.lastWrote.map { "last wrote \(DurationText.rough(max(0, now.timeIntervalSince($0)))) ago" }
                ?? "has written nothing yet"
            report.ok("machine", "\(machine.device) (\(who)): \(when)")
        }
        if inspection.oldLayout {
            if inspection.notUpgraded.isEmpty {
                report.ok("old layout", "still here; the next change made on this machine brings it in and removes it")
            } else {
                report.warning(
                    "old layout",
                    "kept for \(Plural.count(inspection.notUpgraded.count, "machine")) not upgraded yet: "
                        + inspection.notUpgraded.joined(separator: ", "),
                    fix: "upgrade laundry there; its pets stay in step meanwhile, and the old files go once it has")
            }
        }
    }
}
