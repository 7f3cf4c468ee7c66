/// What is wrong with `config.json`, named by its key so the message can say what to change.
public enum ConfigProblem: Error, Equatable, Sendable {
    /// The file does not parse as JSON.
    case notJSON
    /// The file is JSON but not an object of settings.
    case notAnObject
    case unknownKey(String, suggestion: String?)
    /// `expected` is worded for the message: "a number", "true or false".
    case wrongType(key: String, expected: String)
    /// `allowed` is worded for the message: "between 1 and 3600", "at least 1".
    case outOfRange(key: String, value: String, allowed: String)
    /// A time of day that is not `HH:MM`.
    case badTime(key: String, value: String)
    /// Quiet hours that start when they end.
    case emptyWindow(String)
    /// A hook with no program to run.
    case emptyHook
    /// A key that must be there is not; `example` shows a value.
    case missingKey(String, example: String)
    /// Smart plugs are read through the broker, and there is none.
    case appliancesWithoutBroker
}
