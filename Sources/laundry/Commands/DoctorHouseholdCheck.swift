import LaundryActions
import LaundryCore
import LaundryRendering

/// `laundry doctor` on sharing the folder with the household's other machines.
enum DoctorHouseholdCheck {
    static func check(_ report: inout DoctorReport, _ inspection: HouseholdInspection) {
        let file = inspection.deviceFile ?? "device-id"
        switch inspection.device {
        case .known(let id): report.ok("device", "this machine is \(id) (\(file))")
        case .notYet: report.ok("device", "no id yet; the first change made here creates \(file)")
        case .broken(let error):
            report.problem(
                "device", ErrorText.line(for: error) ?? "\(error)",
                fix: "rm \(ShellQuote.quote(file)) (a new id is made; this machine's stamps from before stay valid)")
        }
        guard let folder = inspection.syncFolder else {
            report.ok("household", "LAUNDRY_HOME is not in a Syncthing folder (see README: Share with your household)")
            return
        }
        report.ok("household", "LAUNDRY_HOME is in the Syncthing folder \(folder)")
        if !inspection.missingIgnores.isEmpty {
            let lines = inspection.missingIgnores.map { ShellQuote.quote($0) }.joined(separator: " ")
            report.warning(
                ".stignore",
                "each machine's locks, notes and temporaries are carried to the others (correct, but needless traffic)",
                fix: "printf '%s\\n' \(lines) >> \(ShellQuote.quote(folder + "/.stignore"))")
        } else {
            report.ok(".stignore", "keeps each machine's own files at home")
        }
        for copy in inspection.unmergedCopies {
            report.warning(
                "conflicts", "\(copy) is a copy from another machine that could not be merged",
                fix: "compare it with the pet (laundry history shows what each machine did), then delete it")
        }
    }
}
