import LaundryCore

/// Something wrong in the data folder that did not stop the command: a warning on stderr; other pets keep working.
public enum StoreProblem: Error, Equatable, Sendable {
    /// Unreadable or unparsable: skipped at every reading. This machine's own is set aside as `*.corrupt-<time>` by the
    /// pet's next change, which needs another machine's copy of the pet; the only copy stays until a person acts.
    case unreadable(path: String, problem: FileProblem)
    /// A record written by a newer `laundry`: shown, never rewritten.
    case newerSchema(path: String, version: Int)

    public var path: String {
        switch self {
        case .unreadable(let path, _), .newerSchema(let path, _): path
        }
    }
}
