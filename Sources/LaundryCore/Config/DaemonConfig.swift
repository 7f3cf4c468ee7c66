/// The daemon's settings from `config.json`, all optional, read strictly: a bad or unknown key is a `ConfigProblem`.
public struct DaemonConfig: Equatable, Sendable {
    /// Minutes between reminders about laundry left wet (`washed`) or unfolded (`dried`).
    public var nagIntervalMinutes: Double = 15
    /// How many such reminders at most, per load.
    public var nagLimit = 4
    /// Whether to post desktop notifications at all (the log still gets every one).
    public var notifications = true
    /// Whether a finished load and its reminders play the sound theme's `complete`.
    public var sound = true
    /// Seconds between rings of the alarm while a finished load is not acknowledged.
    public var alarmRepeatSeconds: Double = 30
    /// How long the alarm goes on ringing before it gives up (the reminders carry on).
    public var alarmMinutes: Double = 5
    /// A load longer than this gets a notification this many minutes before it ends; 0 turns it off.
    public var headsUpMinutes: Double = 5
    /// No sound, no warnings and no reminders inside this window; nil for none.
    public var quietHours: QuietHours?
    /// A program (and its arguments) run for every notification: the way to a phone.
    public var hook: [String]?
    /// A hook still running after this long is killed.
    public var hookTimeoutSeconds: Double = 30
    /// Whether the session is kept from suspending while a load runs or rings.
    public var keepAwake = true
    /// Do-not-disturb: hold the popups and the sound until it ends (`quiet`), or ring through it (`ring`).
    public var dnd = DoNotDisturbMode.quiet
    /// Whether each running load shows a silent live card on the desktop (time left, buttons).
    public var liveCard = true
    /// Whether laundryd shows its icon in the panel's tray (where a StatusNotifierItem watcher is on the bus).
    public var tray = true
    /// 12- or 24-hour times, whatever the locale and the desktop say; nil follows them.
    public var clock: HourCycle?
    /// The broker that shows the pets in Home Assistant; nil for none.
    public var mqtt: BrokerSettings?
    /// Smart plugs that say when the washer or the dryer really stopped (through `mqtt`).
    public var appliances: [Appliance: ApplianceSettings] = [:]
    /// `"homeAssistant"`: the Home Assistant whose entities tell what the machines do; nil for none.
    public var homeAssistant: HomeAssistantSettings?
    /// The washer's and dryer's own word, through `homeAssistant`'s entities.
    public var machines: [Appliance: MachineSettings] = [:]
    /// Contact sensors on their doors (through `mqtt`).
    public var doors: [Appliance: DoorTopic] = [:]
    /// `"price"`: a flat price per kWh and the currency of every price.
    public var pricePerKWh: Double?
    public var currency: String?
    /// `"tariff"`: prices by time of day; they win over the flat price.
    public var tariff: [TariffSlot] = []
    /// `"priceTopic"`: MQTT topic of the price per kWh now, or a series (`[{"start", "end", "price"}]`); beats tariff.
    public var priceTopic: String?
    /// `"planFinishBy"`: when Home Assistant's "best start" sensors plan each pet's next load to be done by.
    public var planFinishBy = TimeOfDay(hour: 7, minute: 0)!
    /// `"person"`: who uses this machine, as the household calls them (else the login name).
    public var person: String?
    /// `"escalateAfterMinutes"`: a finish rings first on its starter's machines, elsewhere this later (nil: at once).
    public var escalateAfterMinutes: Double?
    /// `"caldav"`: the calendar each running load is written to; nil for none.
    public var caldav: CalendarSettings?

    public static let defaults = DaemonConfig()

    public init() {}

    public var nagInterval: Double { nagIntervalMinutes * 60 }
    public var headsUpLead: Double { headsUpMinutes * 60 }
    public var alarmSpan: Double { alarmMinutes * 60 }

    /// The prices config.json gives (a price topic's come later, from the broker).
    public var prices: PriceBook { PriceBook(flat: pricePerKWh, currency: currency, tariff: tariff) }

    /// Every key of `config.json`, in the README's order; decoding switches over them, so none is listed but not read.
    public enum Key: String, CaseIterable, Sendable {
        case nagIntervalMinutes, nagLimit, notifications, sound, alarmRepeatSeconds, alarmMinutes
        case headsUpMinutes, quietHours, hook, hookTimeoutSeconds, keepAwake, clock, mqtt, appliances, dnd
        case liveCard, tray, price, tariff, priceTopic, planFinishBy, person, escalateAfterMinutes, caldav
        case homeAssistant
    }

    public static var keys: [String] { Key.allCases.map(\.rawValue) }
}

extension DaemonConfig: Decodable {
    public init(from decoder: any Decoder) throws {
        let settings = try SettingsReader(decoder, path: "")
        var problems: [ConfigProblem] = []
        var brokerBroken = false
        do { try settings.rejectUnknownKeys(Self.keys) } catch let problem as ConfigProblem { problems.append(problem) }
        self.init()
        let range = SettingsReader.NumberRange.self
        // Every key is read, each problem kept: the message lists them all, not the first.
        for key in Key.allCases {
            let name = key.rawValue
            do {
                switch key {
                case .nagIntervalMinutes:
                    if let value = try settings.number(name, range.between(0.01, 1440)) { nagIntervalMinutes = value }
                case .nagLimit:
                    if let value = try settings.number(name, range.between(0, 100), whole: true) {
                        nagLimit = Int(value)
                    }
                case .notifications: if let value = try settings.flag(name) { notifications = value }
                case .sound: if let value = try settings.flag(name) { sound = value }
                case .keepAwake: if let value = try settings.flag(name) { keepAwake = value }
                case .liveCard: if let value = try settings.flag(name) { liveCard = value }
                case .tray: if let value = try settings.flag(name) { tray = value }
                case .dnd: if let mode: DoNotDisturbMode = try settings.choice(name) { dnd = mode }
                case .clock: if let cycle: HourCycle = try settings.choice(name) { clock = cycle }
                case .alarmRepeatSeconds:
                    if let value = try settings.number(name, range.between(1, 3600)) { alarmRepeatSeconds = value }
                case .alarmMinutes:
                    if let value = try settings.number(name, range.between(0, 1440)) { alarmMinutes = value }
                case .headsUpMinutes:
                    if let value = try settings.number(name, range.between(0, 1440)) { headsUpMinutes = value }
                case .hookTimeoutSeconds:
                    if let value = try settings.number(name, range.between(0.1, 3600)) { hookTimeoutSeconds = value }
                case .hook:
                    if let words = try settings.strings(name) {
                        guard let program = words.first, !program.isEmpty else { throw ConfigProblem.emptyHook }
                        hook = words
                    }
                case .quietHours:
                    guard let window = try settings.nested(name) else { continue }
                    try window.rejectUnknownKeys(["from", "to"])
                    guard let from = try window.time("from") else {
                        throw ConfigProblem.missingKey(window.name("from"), example: #""22:00""#)
                    }
                    guard let to = try window.time("to") else {
                        throw ConfigProblem.missingKey(window.name("to"), example: #""07:00""#)
                    }
                    guard let hours = QuietHours(from: from, to: to) else { throw ConfigProblem.emptyWindow(name) }
                    quietHours = hours
                case .mqtt:
                    guard
                        let broker = try settings.nested(name, example: #"{"url": "mqtt://homeassistant.local:1883"}"#)
                    else { continue }
                    mqtt = try Self.broker(broker)
                case .price:
                    let example = #"{"perKWh": 0.32, "currency": "EUR"}"#
                    guard let price = try settings.nested(name, example: example) else { continue }
                    try price.rejectUnknownKeys(["perKWh", "currency"])
                    pricePerKWh = try price.number("perKWh", range.between(0, 1000))
                    currency = try Self.currency(price)
                case .tariff:
                    tariff = try Self.tariff(settings)
                case .priceTopic:
                    let example = #""homeassistant/sensor/electricity_price/state""#
                    guard let topic = try settings.string(name, expected: .topic(example: example)) else { continue }
                    guard TopicText.isPlainTopic(topic) else {
                        throw ConfigProblem.outOfRange(key: name, value: topic, allowed: .plainTopic(example: example))
                    }
                    priceTopic = topic
                case .caldav:
                    let example = #"{"url": "https://cloud.example.com/remote.php/dav/calendars/ana/laundry/"}"#
                    guard let calendar = try settings.nested(name, example: example) else { continue }
                    caldav = try Self.calendar(calendar)
                case .escalateAfterMinutes:
                    if let value = try settings.number(name, range.between(0.01, 1440)) { escalateAfterMinutes = value }
                case .person:
                    let expected = ConfigValue.personName(example: #""Ana""#)
                    guard let text = try settings.string(name, expected: expected) else { continue }
                    guard let valid = Self.person(text) else {
                        throw ConfigProblem.outOfRange(key: name, value: text, allowed: expected)
                    }
                    person = valid
                case .planFinishBy:
                    if let time = try settings.time(name) { planFinishBy = time }
                case .homeAssistant:
                    let example = #"{"url": "https://homeassistant.local:8123", "tokenFile": "…"}"#
                    guard let home = try settings.nested(name, example: example) else { continue }
                    homeAssistant = try Self.homeAssistant(home)
                case .appliances:
                    guard let entries = try settings.nested(name, example: #"{"washer": {"powerTopic": "…"}}"#)
                    else { continue }
                    try entries.rejectUnknownKeys(Appliance.allCases.map(\.rawValue))
                    for appliance in Appliance.allCases {
                        let example = #"{"powerTopic": "shellies/washer/relay/0/power"}"#
                        guard let entry = try entries.nested(appliance.rawValue, example: example) else { continue }
                        try entry.rejectUnknownKeys(Self.plugKeys + Self.machineKeys)
                        let follows = try entry.nested(
                            "homeAssistant", example: #"{"preset": "homeConnect", "device": "washer"}"#)
                        if let follows { machines[appliance] = try Self.machine(follows, appliance) }
                        if let door = try Self.door(entry) { doors[appliance] = door }
                        // A plug is optional beside the machine's own word or a door; alone, its topic is needed.
                        // A plug's settings without its topic are a plug meant, not one to ignore.
                        let plugKeysGiven = try Self.plugKeys.contains { try entry.isPresent($0) }
                        if try entry.string("powerTopic", expected: .topic(example: "")) != nil
                            || (follows == nil && doors[appliance] == nil) || plugKeysGiven
                        {
                            appliances[appliance] = try Self.plug(entry)
                        }
                    }
                }
            } catch let problem as ConfigProblem {
                problems.append(problem)
                if key == .mqtt { brokerBroken = true }
            }
        }
        // What needs the broker is named beside any other problem, unless mqtt is there but broken (its own problem).
        if !brokerBroken, !appliances.isEmpty || !doors.isEmpty, mqtt == nil {
            problems.append(.appliancesWithoutBroker)
        }
        if !machines.isEmpty, homeAssistant == nil { problems.append(.machinesWithoutHomeAssistant) }
        if !brokerBroken, priceTopic != nil, mqtt == nil { problems.append(.priceTopicWithoutBroker) }
        if let problem = ConfigProblem.all(problems) { throw problem }
    }

    /// A person's name as the household writes it: 1 to 30 characters, none unsafe to show.
    public static func person(_ text: String) -> String? {
        let name = text.trimming()
        guard (1...30).contains(name.count), UnsafeText.isSafe(name) else { return nil }
        return name
    }

    private static func currency(_ reader: SettingsReader) throws -> String? {
        let expected = ConfigValue.shortText(example: #""EUR""#)
        guard let text = try reader.string("currency", expected: expected) else { return nil }
        guard (1...8).contains(text.count), UnsafeText.isSafe(text) else {
            throw ConfigProblem.outOfRange(key: reader.name("currency"), value: text, allowed: expected)
        }
        return text
    }

    private static func tariff(_ settings: SettingsReader) throws -> [TariffSlot] {
        let example = #"[{"from": "00:00", "to": "07:00", "perKWh": 0.15}]"#
        guard let slots = try settings.objects("tariff", example: example) else { return [] }
        return try slots.map { slot in
            try slot.rejectUnknownKeys(["from", "to", "perKWh"])
            guard let from = try slot.time("from") else {
                throw ConfigProblem.missingKey(slot.name("from"), example: #""00:00""#)
            }
            guard let to = try slot.time("to") else {
                throw ConfigProblem.missingKey(slot.name("to"), example: #""07:00""#)
            }
            guard let price = try slot.number("perKWh", .between(0, 1000)) else {
                throw ConfigProblem.missingKey(slot.name("perKWh"), example: "0.15")
            }
            return TariffSlot(from: from, to: to, perKWh: price)
        }
    }

    private static func calendar(_ reader: SettingsReader) throws -> CalendarSettings {
        try reader.rejectUnknownKeys(["url", "username", "passwordFile", "as"])
        let expectedURL = ConfigValue.oneOf([#""https://host/calendar/""#, #""http://host/calendar/""#])
        guard let url = try reader.string("url", expected: expectedURL) else {
            throw ConfigProblem.missingKey(
                reader.name("url"), example: #""https://cloud.example.com/remote.php/dav/calendars/ana/laundry/""#)
        }
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), url.count > 8, UnsafeText.isSafe(url),
            !url.contains(" ")
        else { throw ConfigProblem.outOfRange(key: reader.name("url"), value: url, allowed: expectedURL) }
        let forms = ConfigValue.oneOf([#""event""#, #""task""#])
        var form = CalendarSettings.Form.event
        if let text = try reader.string("as", expected: forms) {
            guard let chosen = CalendarSettings.Form(rawValue: text) else {
                throw ConfigProblem.outOfRange(key: reader.name("as"), value: text, allowed: forms)
            }
            form = chosen
        }
        let path = ConfigValue.filePath(example: #""~/.config/laundry/caldav-password""#)
        return CalendarSettings(
            url: url, username: try reader.string("username", expected: .userName),
            passwordFile: try reader.string("passwordFile", expected: path), form: form)
    }

    private static func broker(_ reader: SettingsReader) throws -> BrokerSettings {
        let keys = [
            "url", "username", "passwordFile", "caFile", "certFile", "keyFile", "discoveryPrefix", "topicPrefix",
        ]
        try reader.rejectUnknownKeys(keys)
        let expectedURL = ConfigValue.oneOf([#""mqtt://host:1883""#, #""mqtts://host:8883""#])
        guard let url = try reader.string("url", expected: expectedURL) else {
            throw ConfigProblem.missingKey(reader.name("url"), example: #""mqtt://homeassistant.local:1883""#)
        }
        guard var broker = BrokerSettings(url: url) else {
            throw ConfigProblem.outOfRange(key: reader.name("url"), value: url, allowed: expectedURL)
        }
        let path = ConfigValue.filePath(example: #""~/.config/laundry/mqtt-password""#)
        broker.username = try reader.string("username", expected: .userName)
        broker.passwordFile = try reader.string("passwordFile", expected: path)
        broker.caFile = try reader.string("caFile", expected: path)
        broker.certFile = try reader.string("certFile", expected: path)
        broker.keyFile = try reader.string("keyFile", expected: path)
        if (broker.certFile == nil) != (broker.keyFile == nil) {
            let (missing, given) = broker.certFile == nil ? ("certFile", "keyFile") : ("keyFile", "certFile")
            throw ConfigProblem.missingPartner(reader.name(missing), other: reader.name(given))
        }
        for (key, fallback) in [("discoveryPrefix", broker.discoveryPrefix), ("topicPrefix", broker.topicPrefix)] {
            let value = try reader.string(key, expected: .topic(example: "\"\(fallback)\"")) ?? fallback
            guard TopicText.isPlainTopic(value) else {
                throw ConfigProblem.outOfRange(
                    key: reader.name(key), value: value, allowed: .plainTopic(example: "\"\(fallback)\""))
            }
            if key == "discoveryPrefix" { broker.discoveryPrefix = value } else { broker.topicPrefix = value }
        }
        return broker
    }

    static let plugKeys = [
        "powerTopic", "powerField", "runningAboveWatts", "doneBelowWatts", "doneAfterSeconds", "staleAfterSeconds",
        "newLoadAfterSeconds",
    ]

    private static func plug(_ reader: SettingsReader) throws -> ApplianceSettings {
        let example = #""shellies/washer/relay/0/power""#
        guard let topic = try reader.string("powerTopic", expected: .topic(example: example)) else {
            throw ConfigProblem.missingKey(reader.name("powerTopic"), example: example)
        }
        guard TopicText.isPlainTopic(topic) else {
            throw ConfigProblem.outOfRange(
                key: reader.name("powerTopic"), value: topic, allowed: .plainTopic(example: example))
        }
        var plug = ApplianceSettings(powerTopic: topic)
        let dotted = ConfigValue.dottedPath(example: #""ENERGY.Power""#)
        if let field = try reader.string("powerField", expected: dotted) {
            let parts = field.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !parts.contains(where: \.isEmpty) else {
                throw ConfigProblem.outOfRange(key: reader.name("powerField"), value: field, allowed: dotted)
            }
            plug.powerField = parts
        }
        let watts = SettingsReader.NumberRange.between(0.001, 1_000_000)
        if let value = try reader.number("runningAboveWatts", watts) { plug.runningAboveWatts = value }
        if let value = try reader.number("doneBelowWatts", watts) { plug.doneBelowWatts = value }
        if let value = try reader.number("doneAfterSeconds", .between(1, 3600)) { plug.doneAfterSeconds = value }
        if let value = try reader.number("staleAfterSeconds", .between(1, 86_400)) { plug.staleAfterSeconds = value }
        if let value = try reader.number("newLoadAfterSeconds", .between(1, 86_400)) {
            plug.newLoadAfterSeconds = value
        }
        guard plug.doneBelowWatts <= plug.runningAboveWatts else {
            throw ConfigProblem.outOfRange(
                key: reader.name("doneBelowWatts"), value: NumberText.plain(plug.doneBelowWatts),
                allowed: .atMost(key: reader.name("runningAboveWatts"), value: plug.runningAboveWatts))
        }
        return plug
    }
}

/// Reads one JSON object of settings key by key; every way a value can be wrong is a `ConfigProblem` naming the key.
struct SettingsReader {
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct NumberRange {
        let lowest: Double
        let highest: Double
        static func between(_ lowest: Double, _ highest: Double) -> Self { Self(lowest: lowest, highest: highest) }
        var allowed: ConfigValue { .between(lowest, highest) }
    }

    private let container: KeyedDecodingContainer<Key>
    /// `quietHours.` for a nested object, so its keys are named in full.
    private let path: String

    init(_ decoder: any Decoder, path: String) throws {
        do { container = try decoder.container(keyedBy: Key.self) } catch {
            throw path.isEmpty ? ConfigProblem.notAnObject : ConfigProblem.wrongType(key: path, expected: .object)
        }
        self.path = path.isEmpty ? "" : path + "."
    }

    private init(container: KeyedDecodingContainer<Key>, path: String) {
        self.container = container
        self.path = path
    }

    func rejectUnknownKeys(_ known: [String]) throws {
        let unknown = container.allKeys.map(\.stringValue).sorted().filter { !known.contains($0) }.map { key in
            ConfigProblem.unknownKey(path + key, suggestion: Self.closest(to: key, in: known).map { path + $0 })
        }
        if let problem = ConfigProblem.all(unknown) { throw problem }
    }

    /// The value under `name`, or nil when it is absent or `null`.
    private func present(_ name: String) throws -> Key? {
        let key = Key(stringValue: name)
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        return key
    }

    func number(_ name: String, _ range: NumberRange, whole: Bool = false) throws -> Double? {
        guard let key = try present(name) else { return nil }
        let expected: ConfigValue = whole ? .wholeNumber : .number
        let value: Double
        do { value = try container.decode(Double.self, forKey: key) } catch {
            throw ConfigProblem.wrongType(key: path + name, expected: expected)
        }
        guard !whole || value == value.rounded() else {
            throw ConfigProblem.wrongType(key: path + name, expected: expected)
        }
        guard value >= range.lowest, value <= range.highest else {
            throw ConfigProblem.outOfRange(key: path + name, value: NumberText.plain(value), allowed: range.allowed)
        }
        return value
    }

    func flag(_ name: String) throws -> Bool? {
        guard let key = try present(name) else { return nil }
        do { return try container.decode(Bool.self, forKey: key) } catch {
            throw ConfigProblem.wrongType(key: path + name, expected: .boolean)
        }
    }

    func string(_ name: String, expected: ConfigValue) throws -> String? {
        guard let key = try present(name) else { return nil }
        do { return try container.decode(String.self, forKey: key) } catch {
            throw ConfigProblem.wrongType(key: path + name, expected: expected)
        }
    }

    /// One of `Choice`'s raw values, as written.
    func choice<Choice: RawRepresentable & CaseIterable>(_ name: String) throws -> Choice?
    where Choice.RawValue == String {
        let allowed = ConfigValue.oneOf(Choice.allCases.map { #"""# + $0.rawValue + #"""# })
        guard let text = try string(name, expected: allowed) else { return nil }
        guard let choice = Choice(rawValue: text) else {
            throw ConfigProblem.outOfRange(key: path + name, value: text, allowed: allowed)
        }
        return choice
    }

    func strings(_ name: String) throws -> [String]? {
        guard let key = try present(name) else { return nil }
        do { return try container.decode([String].self, forKey: key) } catch {
            throw ConfigProblem.wrongType(key: path + name, expected: .stringList(example: #"["notify-me", "--now"]"#))
        }
    }

    func time(_ name: String) throws -> TimeOfDay? {
        guard let key = try present(name) else { return nil }
        let text: String
        do { text = try container.decode(String.self, forKey: key) } catch {
            throw ConfigProblem.wrongType(key: path + name, expected: .timeOfDay(example: #""22:00""#))
        }
        guard let time = TimeOfDay(text) else { throw ConfigProblem.badTime(key: path + name, value: text) }
        return time
    }

    /// A list of objects, each read as its own settings (`tariff[1].perKWh` in a message).
    func objects(_ name: String, example: String) throws -> [SettingsReader]? {
        guard let key = try present(name) else { return nil }
        var list: UnkeyedDecodingContainer
        do { list = try container.nestedUnkeyedContainer(forKey: key) } catch {
            throw ConfigProblem.wrongType(key: path + name, expected: .objectList(example: example))
        }
        var readers: [SettingsReader] = []
        while !list.isAtEnd {
            let place = path + name + "[\(readers.count)]"
            do {
                readers.append(
                    SettingsReader(container: try list.nestedContainer(keyedBy: Key.self), path: place + "."))
            } catch { throw ConfigProblem.wrongType(key: place, expected: .objectList(example: example)) }
        }
        return readers
    }

    func nested(_ name: String, example: String = #"{"from": "22:00", "to": "07:00"}"#) throws -> SettingsReader? {
        guard let key = try present(name) else { return nil }
        do {
            return SettingsReader(
                container: try container.nestedContainer(keyedBy: Key.self, forKey: key), path: path + name + ".")
        } catch {
            throw ConfigProblem.wrongType(key: path + name, expected: .objectLike(example: example))
        }
    }

    /// A key of this object named in full, for a message.
    func name(_ key: String) -> String { path + key }

    /// Whether `name` is there (and not `null`).
    func isPresent(_ name: String) throws -> Bool { try present(name) != nil }

    /// The known key a misspelt one most likely meant: same letters in another case, or at most two edits away.
    static func closest(to key: String, in known: [String]) -> String? {
        if let sameLetters = known.first(where: { $0.lowercased() == key.lowercased() }) { return sameLetters }
        let scored = known.map { ($0, EditDistance.between($0.lowercased(), key.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }
}

/// Numbers as a person writes them: `30`, `0.5`, never `30.0`.
public enum NumberText {
    public static func plain(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}

/// `"dnd"` in config.json.
public enum DoNotDisturbMode: String, CaseIterable, Sendable {
    /// Popups and sound wait for do-not-disturb to end; each load that finished meanwhile is announced then, once.
    case quiet
    /// The alarm rings through it.
    case ring
}
