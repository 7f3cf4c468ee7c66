/// The action keys of notification buttons (`data/messages.json`, the live card, Home Assistant): what each one does.
public enum ButtonKey: String, CaseIterable, Sendable {
    case dry
    case airDry = "air-dry"
    case fold
    case moreDry = "more-dry"
    case snooze
    case wash
    case extend
    case finish
    case pause
    case resume
    /// A click on the popup itself (the freedesktop `default` action): it only acknowledges.
    case click = "default"

    public var response: ButtonResponse {
        switch self {
        case .dry: return .perform(.dry(nil))
        case .airDry, .fold: return .perform(.fold)
        case .moreDry: return .perform(.moreDry(nil))
        case .snooze: return .perform(.snooze(nil))
        case .wash: return .perform(.wash(nil))
        case .extend: return .perform(.extend(seconds: nil))
        case .finish: return .perform(.finish)
        case .pause: return .perform(.pause)
        case .resume: return .perform(.resume)
        case .click: return .acknowledge
        }
    }
}

/// What pressing a button means: the same operation as a command, or just "I have seen it".
public enum ButtonResponse: Equatable, Sendable {
    case perform(PetAction)
    case acknowledge
}

extension PetAction {
}
