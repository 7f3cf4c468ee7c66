import LaundryStore

/// The texts of notifications, from `data/messages.json`.
public struct MessageCatalog: Codable, Sendable {
    public struct Template: Codable, Sendable {
        public var summary: String
        public var body: String
        public var actions: [Button]
        /// The command to type where the server has no buttons.
        public var command: String
        public var urgency: String
    }

    /// A button, `["dry", "Start dryer"]` in the file: the key names the action it performs.
    public struct Button: Codable, Equatable, Sendable {
        public var key: String
        public var label: String

        public init(from decoder: any Decoder) throws {
            var pair = try decoder.unkeyedContainer()
            key = try pair.decode(String.self)
            label = try pair.decode(String.self)
            guard pair.isAtEnd else {
                throw DecodingError.dataCorruptedError(in: pair, debugDescription: "a button is [key, label]")
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var pair = encoder.unkeyedContainer()
            try pair.encode(key)
            try pair.encode(label)
        }
    }

    /// A text with no buttons: for a hook, never a popup.
    public struct Line: Codable, Sendable {
        public var summary: String
        public var body: String
    }

    /// Why a load stopped before its end, as `{why}` in `loadStopped`.
    public struct StopReasons: Codable, Sendable {
        public var cancelled: String
        public var released: String
        public var replaced: String
    }

    public var washDone: Template
    public var dryDone: Template
    public var extraDryDone: Template
    public var warning25: Template
    public var warning10: Template
    public var warning5: Template
    public var warning0: Template
    public var nagWashed: Template
    public var nagDried: Template
    /// The dryer freed and the wet load that waited longest for it should go in.
    public var dryerFree: Template
    public var headsUp: Template
    public var test: Template
    /// What a hook (a phone) is told when a load starts or resumes, stops early, or this computer sleeps with loads on.
    public var loadStarted: Line
    public var loadStopped: Line
    public var stopReasons: StopReasons
    /// What changed of a load, as `{what}` in `loadChanged`.
    public var loadChanged: Line
    public var changes: Changes
    /// A finished load someone dealt with, on any surface: a phone's push for it can go.
    public var loadAcknowledged: Line

    public struct Changes: Codable, Sendable {
        /// Its end moved (`{ends}`), or it resumed.
        public var moved: String
        public var paused: String
        public var finished: String
    }
    public var sleeping: Line
    /// The label of the `default` action, a click on the popup itself.
    public var click: String
    /// Appended to a finished load announced late: ` (finished {ago} ago)`.
    public var catchUp: String
    /// Appended to a load finished while the computer slept (` (finished {ago} ago, while…`), and for under a minute.
    public var slept: String
    public var sleptJustNow: String
    /// The line that names the command where buttons are missing.
    public var typeCommand: String
    /// The catalogue's variants of the texts above for a name that starts with a vowel (`NameVariant`), by context and
    /// translated text; `translated()` finds them, `fill` uses them. Not in the file: `CodingKeys` leaves it out.
    public var variants: [String: String]?

    /// The file's keys: every text above, and not `variants`, which only the catalogue gives.
    enum CodingKeys: String, CodingKey {
        case washDone, dryDone, extraDryDone, warning25, warning10, warning5, warning0, nagWashed, nagDried,
            dryerFree, headsUp, test
        case loadStarted, loadStopped, stopReasons, loadChanged, changes, loadAcknowledged, sleeping
        case click, catchUp, slept, sleptJustNow, typeCommand
    }

    /// `text` (one of the texts above) with its placeholders filled, in the variant the name asks for if there is one.
    public func fill(_ text: String, _ values: [String: String]) -> String {
        if let variants {
            for context in NameVariant.contexts(text, values) {
                if let variant = variants[context + "\u{04}" + text] { return TextTemplate.fill(variant, values) }
            }
        }
        return TextTemplate.fill(text, values)
    }
}

extension MessageCatalog {
    /// Data folder's `messages.json`, translated by its English (the key, `make pot`): an edited text shows as written.
    public static func load(from data: DataDirectory) throws(StoreError) -> MessageCatalog {
        try data.load(MessageCatalog.self, from: "messages.json").translated()
    }

    /// Every text through the catalogue (`load` does this; tests decoding the file themselves call it).
    public func translated() -> MessageCatalog {
        var catalog = self
        var variants: [String: String] = [:]
        func words(_ english: String) -> String {
            let text = Words.text(english)
            for key in NameVariant.keys where english.contains("{\(key)}") {
                let context = NameVariant.vowelContext(key)
                // Placeholders are the same in every translation: the variant is found by the translated text's.
                if let variant = Words.variant(of: english, context: context), text.contains("{\(key)}") {
                    variants[context + "\u{04}" + text] = variant
                }
            }
            return text
        }
        for path in [
            \MessageCatalog.washDone, \.dryDone, \.extraDryDone, \.warning25, \.warning10, \.warning5, \.warning0,
            \.nagWashed, \.nagDried, \.dryerFree, \.headsUp, \.test,
        ] {
            catalog[keyPath: path].summary = words(catalog[keyPath: path].summary)
            catalog[keyPath: path].body = words(catalog[keyPath: path].body)
            for index in catalog[keyPath: path].actions.indices {
                catalog[keyPath: path].actions[index].label = words(catalog[keyPath: path].actions[index].label)
            }
        }
        for path in [\MessageCatalog.loadStarted, \.loadChanged, \.loadStopped, \.loadAcknowledged, \.sleeping] {
            catalog[keyPath: path].summary = words(catalog[keyPath: path].summary)
            catalog[keyPath: path].body = words(catalog[keyPath: path].body)
        }
        for path in [\StopReasons.cancelled, \.released, \.replaced] {
            catalog.stopReasons[keyPath: path] = words(catalog.stopReasons[keyPath: path])
        }
        for path in [\Changes.moved, \.paused, \.finished] {
            catalog.changes[keyPath: path] = words(catalog.changes[keyPath: path])
        }
        for path in [\MessageCatalog.click, \.catchUp, \.slept, \.sleptJustNow, \.typeCommand] {
            catalog[keyPath: path] = words(catalog[keyPath: path])
        }
        catalog.variants = variants.isEmpty ? nil : variants
        return catalog
    }
}
