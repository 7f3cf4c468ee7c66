import LaundryStore

/// What `laundry doctor` suggests for each problem it finds in the files.
public enum DoctorAdvice {
    public static func fix(for problem: StoreProblem) -> String {
        switch problem {
        case .newerSchema: return "upgrade laundry"
        case .unreadable:
            return "a file of this machine's is set aside by its next change to that pet; another machine's is read "
                + "again when it sends a new version; otherwise check its type and permissions"
        }
    }
}
