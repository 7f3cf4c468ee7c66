/// Where a pet is in one laundry cycle.
public enum Stage: String, Codable, Sendable, CaseIterable {
    case idle, washing, washed, drying, dried

    /// The moves that make sense next, for cards and error messages that point the way.
    public var nextMoves: [Move] {
        switch self {
        case .idle: return [.wash]
        case .washing, .drying: return [.cancel, .pause]
        case .washed: return [.dry, .fold]
        case .dried: return [.fold, .moreDry]
        }
    }
}

/// What a timer is timing.
public enum LoadKind: String, Codable, Sendable, CaseIterable {
    case wash, dry, extraDry

    public var runningStage: Stage { self == .wash ? .washing : .drying }

    public var finishedStage: Stage { self == .wash ? .washed : .dried }

    /// The stage a pet returns to when this timer is cancelled.
    public var stageBefore: Stage {
        switch self {
        case .wash: return .idle
        case .dry: return .washed
        case .extraDry: return .dried
        }
    }

}
