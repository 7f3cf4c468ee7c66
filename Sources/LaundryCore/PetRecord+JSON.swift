import FoundationEssentials

/// A pet record read from a `JSONValue` exactly as its `Decodable` conformance reads it, for the
/// records every command loads (see `JSONValue` for why). Nil when anything is not as laundry
/// writes it: the caller then decodes with `JSONDecoder`, which says what is wrong.
extension PetRecord {
    public init?(json: JSONValue) {
        guard let schemaVersion = json["schemaVersion"]?.int, let id = json["id"]?.uuid,
            let createdAt = json["createdAt"]?.date,
            case .some(let identity) = json.optional("identity", { Self.version($0, Identity.init(json:)) }),
            case .some(let settings) = json.optional("settings", { Self.version($0, Settings.init(json:)) }),
            case .some(let cycle) = json.optional("cycle", { Self.version($0, Cycle.init(json:)) }),
            case .some(let reminders) = json.optional("reminders", { Self.version($0, Reminders.init(json:)) }),
            case .some(let release) = json.optional("release", { Self.version($0, Release.init(json:)) })
        else { return nil }
        self.init(id: id, createdAt: createdAt)
        self.schemaVersion = schemaVersion
        self.identity = identity
        self.settings = settings
        self.cycle = cycle
        self.reminders = reminders
        self.release = release
    }

    private static func version<Value>(_ json: JSONValue, _ read: (JSONValue) -> Value?) -> Version<Value>? {
        guard let stamp = json["stamp"], let at = stamp["at"]?.date, let device = stamp["device"]?.string,
            let member = json["value"], let value = read(member)
        else { return nil }
        var partStamp = PartStamp(at: at, device: device)
        partStamp.at = at  // as stored: the decoder does not round it again
        return Version(stamp: partStamp, value: value)
    }
}

extension PetRecord.Identity {
    init?(json: JSONValue) {
        guard let name = json["name"]?.string, let kind = json["kind"]?.string else { return nil }
        self.init(name: name, kind: kind)
    }
}

extension PetRecord.Settings {
    init?(json: JSONValue) {
        guard let wash = json["washDuration"]?.int, let washDuration = try? LaundryDuration(seconds: wash),
            let dry = json["dryDuration"]?.int, let dryDuration = try? LaundryDuration(seconds: dry),
            let cycleDays = json["cycleDays"]?.double
        else { return nil }
        guard case .some(let learns) = json.optional("learns", { $0.bool }),
            case .some(let programmes) = json.optional("programmes", Self.programmes)
        else { return nil }
        self.init(
            washDuration: washDuration, dryDuration: dryDuration, cycleDays: cycleDays, learns: learns ?? true,
            programmes: programmes ?? [:])
    }

    private static func programmes(_ json: JSONValue) -> [String: LaundryDuration]? {
        guard case .object(let members) = json else { return nil }
        var programmes: [String: LaundryDuration] = [:]
        for member in members {
            guard let seconds = member.value.int, let length = try? LaundryDuration(seconds: seconds) else {
                return nil
            }
            programmes[member.key] = length
        }
        return programmes
    }
}

extension PetRecord.Cycle {
    init?(json: JSONValue) {
        guard let stage = json["stage"]?.string.flatMap(Stage.init(rawValue:)),
            case .some(let lastLaundryAt) = json.optional("lastLaundryAt", { $0.date }),
            let totalCycles = json["totalCycles"]?.int, let currentStreak = json["currentStreak"]?.int,
            let longestStreak = json["longestStreak"]?.int,
            case .some(let load) = json.optional("load", LaundryTimer.init(json:))
        else { return nil }
        self.init(
            stage: stage, lastLaundryAt: lastLaundryAt, totalCycles: totalCycles, currentStreak: currentStreak,
            longestStreak: longestStreak, load: load)
    }
}

extension PetRecord.Reminders {
    init?(json: JSONValue) {
        guard case .object = json, case .some(let snoozedUntil) = json.optional("snoozedUntil", { $0.date }),
            case .some(let nudge) = json.optional("nudge", Nudge.init(json:))
        else {
            return nil
        }
        self.init(snoozedUntil: snoozedUntil, nudge: nudge)
    }
}

extension PetRecord.Release {
    init?(json: JSONValue) {
        guard let name = json["name"]?.string else { return nil }
        self.init(name: name)
    }
}

extension LaundryTimer {
    init?(json: JSONValue) {
        guard let schemaVersion = json["schemaVersion"]?.int, let id = json["id"]?.uuid,
            let petID = json["petID"]?.uuid, let kind = json["kind"]?.string.flatMap(TimerKind.init(rawValue:)),
            let startedAt = json["startedAt"]?.date, let endsAt = json["endsAt"]?.date,
            case .some(let pausedRemaining) = json.optional("pausedRemaining", { $0.double }),
            case .some(let pausedAt) = json.optional("pausedAt", { $0.date }),
            case .some(let finishedAt) = json.optional("finishedAt", { $0.date }),
            let plannedSeconds = json["plannedSeconds"]?.double,
            case .some(let stoppedBy) = json.optional("stoppedBy", { $0.string.flatMap(Appliance.init(rawValue:)) }),
            case .some(let startedBy) = json.optional("startedBy", { $0.string })
        else { return nil }
        self.schemaVersion = schemaVersion
        self.id = id
        self.petID = petID
        self.kind = kind
        self.startedAt = startedAt
        self.endsAt = endsAt
        self.pausedRemaining = pausedRemaining
        self.pausedAt = pausedAt
        self.finishedAt = finishedAt
        self.plannedSeconds = plannedSeconds
        self.stoppedBy = stoppedBy
        self.startedBy = startedBy
    }
}

extension KindCatalog {
    /// `kinds.json`, read as its `Decodable` conformance reads it; nil leaves it to `JSONDecoder`.
    public init?(json: JSONValue) {
        guard let defaultKind = json["defaultKind"]?.string, case .array(let entries) = json["kinds"] else {
            return nil
        }
        var kinds: [Kind] = []
        for entry in entries {
            guard let id = entry["id"]?.string, let name = entry["name"]?.string, let emoji = entry["emoji"]?.string,
                let washSeconds = entry["washSeconds"]?.int, let drySeconds = entry["drySeconds"]?.int,
                let cycleDays = entry["cycleDays"]?.double, case .object(let moods) = entry["personality"]
            else { return nil }
            var personality: [String: [String]] = [:]
            for mood in moods {
                guard case .array(let lines) = mood.value else { return nil }
                let texts = lines.compactMap { $0.string }
                guard texts.count == lines.count else { return nil }
                personality[mood.key] = texts
            }
            kinds.append(
                Kind(
                    id: id, name: name, emoji: emoji, washSeconds: washSeconds, drySeconds: drySeconds,
                    cycleDays: cycleDays, personality: personality))
        }
        self.init(defaultKind: defaultKind, kinds: kinds)
    }
}

extension Nudge {
    init?(json: JSONValue) {
        guard let to = json["to"]?.string, let by = json["by"]?.string, let at = json["at"]?.date,
            case .some(let load) = json.optional("load", { $0.uuid })
        else { return nil }
        self.init(to: to, by: by, at: at, load: load)
    }
}
