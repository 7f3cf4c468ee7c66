import LaundryStore

/// What `laundry doctor` suggests for each problem it finds in the files.
public enum DoctorAdvice {
    public static func fix(for problem: StoreProblem) -> String {
        switch problem {
        case .orphanTimer(let path): return "delete \(path)"
        case .newerSchema: return "upgrade laundry"
        case .setAside: return "the pet is gone from the list; repair the set-aside file or adopt it again"
        case .unreadable:
            return "the next laundry command sets a corrupt file aside; otherwise check its type and permissions"
        case .notSaved: return "check the file's permissions"
        case .mergedCopy, .releasedElsewhere: return "nothing to do"
        case .copySetAside:
            return "compare the set-aside copy with the pet (laundry history shows both machines' changes); "
                + "delete it when done"
        case .copyWaiting: return "any laundry command merges it; now, with: laundry status"
        }
    }
}
