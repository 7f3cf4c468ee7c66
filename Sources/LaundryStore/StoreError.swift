import LaundryCore

/// What the files refuse: unreadable or unwritable, a newer laundry's pet, a missing or broken data or config file.
public enum StoreError: Error, Equatable, Sendable {
    case unreadable(path: String, problem: FileProblem)
    case unwritable(path: String, problem: FileProblem)
    case newerSchema(pet: String, path: String, version: Int)
    /// Another pet already has this name (names are unique without regard to case).
    case nameTaken(String)
    case dataFolderMissing(searched: [DataFolderPlace])
    case dataFileBroken(path: String, problem: FileProblem)
    case configBroken(path: String, problem: FileProblem)
    /// `config.json` reads, but a setting in it is wrong.
    case configInvalid(path: String, problem: ConfigProblem)

    /// What was wrong with the file, carried on by an error about another (a folder it needs).
    public var problem: FileProblem? {
        switch self {
        case .unreadable(_, let problem), .unwritable(_, let problem), .dataFileBroken(_, let problem),
            .configBroken(_, let problem):
            return problem
        case .newerSchema, .nameTaken, .dataFolderMissing, .configInvalid: return nil
        }
    }
}
