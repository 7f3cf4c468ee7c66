/// What is wrong with `config.json`, named by its key so the message can say what to change.
public enum ConfigProblem: Error, Equatable, Sendable {
    /// Not JSON: where it stops being JSON, when that can be found.
    case notJSON(JSONSyntaxError?)
    /// The file is JSON but not an object of settings.
    case notAnObject
    case unknownKey(String, suggestion: String?)
    case wrongType(key: String, expected: ConfigValue)
    case outOfRange(key: String, value: String, allowed: ConfigValue)
    /// A time of day that is not `HH:MM`.
    case badTime(key: String, value: String)
    /// Quiet hours that start when they end.
    case emptyWindow(String)
    case emptyHook
    /// A key that must be there is not; `example` shows a value (JSON, as it is written).
    case missingKey(String, example: String)
    /// Of two keys that go together (certFile and keyFile), only `other` is given.
    case missingPartner(String, other: String)
    /// Smart plugs are read through the broker, and there is none.
    case appliancesWithoutBroker
    /// A price topic is read through the broker, and there is none.
    case priceTopicWithoutBroker
    /// An appliance follows Home Assistant's entities, but no `homeAssistant` says which Home Assistant.
    case machinesWithoutHomeAssistant
    /// More than one of the above (unknown keys first, then in the README's order of keys): each is named, so one
    /// edit fixes them all.
    case several([ConfigProblem])

    /// One problem as it is, several as one flat `several` (a nested object's own several are counted one by one).
    static func all(_ problems: [ConfigProblem]) -> ConfigProblem? {
        let flat = problems.flatMap { problem -> [ConfigProblem] in
            if case .several(let inner) = problem { inner } else { [problem] }
        }
        return flat.count > 1 ? .several(flat) : flat.first
    }
}

/// What a setting's value must be, as facts (examples are JSON, as written in the file): Rendering words them.
public enum ConfigValue: Equatable, Sendable {
    case number
    case wholeNumber
    case boolean
    case object
    case objectLike(example: String)
    case stringList(example: String)
    case objectList(example: String)
    /// A few letters or a sign, such as a currency: `"EUR"`, `"€"`.
    case shortText(example: String)
    case personName(example: String)
    case timeOfDay(example: String)
    /// One of these values, each as JSON.
    case oneOf([String])
    case userName
    case filePath(example: String)
    case topic(example: String)
    /// A topic one can publish to: no spaces, no `+` or `#` (`TopicText.isPlainTopic`).
    case plainTopic(example: String)
    case dottedPath(example: String)
    case between(Double, Double)
    /// No more than another setting's value.
    case atMost(key: String, value: Double)
}
