import FoundationEssentials
import LaundryActions
import LaundryCore
import LaundryRendering

/// `laundry doctor` on sharing the folder with the household's other machines.
enum DoctorHouseholdCheck {
    static func check(_ report: inout DoctorReport, _ inspection: HouseholdInspection, now: Date) {
        let file = inspection.deviceFile ?? "device-id"
        switch inspection.device {
        case .known(let id):
            report.ok(Words.text("device"), Words.text("this machine is {id} ({file})", ["id": id, "file": file]))
        case .notYet:
            report.ok(
                Words.text("device"), Words.text("no id yet; the first change made here creates {file}", ["file": file])
            )
        case .broken(let error):
            report.problem(
                Words.text("device"), ErrorText.line(for: error) ?? "\(error)",
                fix: "rm \(ShellQuote.quote(file)) "
                    + Words.text("(a new id is made; this machine's stamps from before stay valid)"))
        }
        if let other = inspection.sharedWith {
            report.problem(
                Words.text("device"),
                Words.text(
                    "{other} writes under this machine's device id too (a cloned disk or home folder?)",
                    ["other": other]),
                fix: Words.text("the next change made here or there gives one of them a new id; nothing else is needed")
            )
        }
        if let folder = inspection.syncFolder {
            report.ok(
                Words.text("household"),
                Words.text("the data folder is in the Syncthing folder {folder}", ["folder": folder]))
        } else {
            report.ok(
                Words.text("household"),
                Words.text("the data folder is not in a Syncthing folder (see README: Share with your household)"))
        }
        for machine in inspection.machines {
            let who =
                machine.isThisMachine
                ? Words.text("this machine") : machine.host ?? Words.text("a machine whose name has not arrived")
            let when =
                machine.lastWrote.map {
                    Words.text("last wrote {span} ago", ["span": DurationText.rough(max(0, now.timeIntervalSince($0)))])
                }
                ?? Words.text("has written nothing yet")
            report.ok(Words.text("machine"), "\(machine.device) (\(who)): \(when)")
        }
    }
}
