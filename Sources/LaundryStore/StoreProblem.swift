/// Something wrong found in `LAUNDRY_HOME` that did not stop the command: reported on stderr as a
/// warning, while every other pet keeps working.
public enum StoreProblem: Equatable, Sendable, CustomStringConvertible {
    /// A file that did not parse, renamed so it is kept but no longer read.
    case setAside(path: String, movedTo: String, reason: String)
    /// A file that could not be read or set aside.
    case unreadable(path: String, reason: String)
    /// A timer file whose pet does not exist.
    case orphanTimer(path: String)
    /// A pet written by a newer `laundry`: shown, never rewritten.
    case newerSchema(path: String, version: Int)
    /// A finished timer or a lost streak that could not be written down.
    case notSaved(path: String, reason: String)
    /// A sync engine's conflict copy (changes made on two machines at once), merged and removed.
    case mergedCopy(path: String, pet: String)
    /// A conflict copy that could not be merged, renamed so it is kept but no longer read.
    case copySetAside(path: String, movedTo: String, reason: String)
    /// A conflict copy not merged yet (seen by a reader that changes nothing).
    case copyWaiting(path: String)
    /// The pet was released on another machine, after every change made to it here.
    case releasedElsewhere(pet: String)

    public var description: String {
        switch self {
        case .setAside(let path, let movedTo, let reason):
            return "\(path) is corrupt (\(reason)); it was set aside as \(movedTo) and the other pets are fine"
        case .unreadable(let path, let reason):
            return "skipping \(path): \(reason)"
        case .orphanTimer(let path):
            return "ignoring \(path): it belongs to no pet (delete it if you do not need it)"
        case .newerSchema(let path, let version):
            return "\(path) was saved by a newer laundry (schema \(version)); "
                + "it is shown read-only — upgrade laundry to change it"
        case .notSaved(let path, let reason):
            return "could not save \(path) (\(reason)); the status shown is still correct"
        case .mergedCopy(let path, let pet):
            return "merged \(path), a copy of \(pet) changed on another machine at the same time; "
                + "every change that could be kept is in, and history says what was superseded"
        case .copySetAside(let path, let movedTo, let reason):
            return "\(path) could not be merged (\(reason)); it was set aside as \(movedTo)"
        case .copyWaiting(let path):
            return "\(path) is a copy from another machine waiting to be merged; the next laundry command merges it"
        case .releasedElsewhere(let pet):
            return "\(pet) was released on another machine"
        }
    }
}
