import FoundationEssentials

/// The parts of a pet: each changes, is stamped and is merged as one (`PetRecord.merge`), as a stage, load, totals and
/// streaks only make sense together. A new setting is a property here; nothing else needs to know of it.
extension Pet {
    public struct Identity: Codable, Equatable, Sendable {
        public var name: String
        public var kind: String

        public init(name: String, kind: String) {
            self.name = name
            self.kind = kind
        }
    }

    /// What the person set: wash and dry lengths, days between cycles, learning, programmes; the defaults, once.
    public struct Settings: Codable, Equatable, Sendable {
        public var washDuration = LaundryDuration.minutes(45)
        public var dryDuration = LaundryDuration.minutes(60)
        public var cycleDays = 7.0
        /// Whether a wash or dryer started without a length takes the learned one (`set --learn off`: the typed one).
        public var learns = true
        /// Its named programmes and their typed lengths (`laundry set --programme eco=2h15m`).
        public var programmes: [String: LaundryDuration] = [:]

        public init() {}

        /// A kind's settings (`data/kinds.json`).
        public init(kind: Kind) {
            washDuration = (try? LaundryDuration(seconds: kind.washSeconds)) ?? washDuration
            dryDuration = (try? LaundryDuration(seconds: kind.drySeconds)) ?? dryDuration
            cycleDays = kind.cycleDays
        }

        private enum CodingKeys: String, CodingKey { case washDuration, dryDuration, cycleDays, learns, programmes }

        // A setting left out of a record is at its default: `learns` and `programmes` are written only when they differ
        // from it (as 0.1.0 wrote them), and a setting added later is absent from every record before it.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let defaults = Settings()
            washDuration =
                try container.decodeIfPresent(LaundryDuration.self, forKey: .washDuration) ?? defaults.washDuration
            dryDuration =
                try container.decodeIfPresent(LaundryDuration.self, forKey: .dryDuration) ?? defaults.dryDuration
            cycleDays = try container.decodeIfPresent(Double.self, forKey: .cycleDays) ?? defaults.cycleDays
            learns = try container.decodeIfPresent(Bool.self, forKey: .learns) ?? defaults.learns
            programmes = try container.decodeIfPresent([String: LaundryDuration].self, forKey: .programmes) ?? [:]
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(washDuration, forKey: .washDuration)
            try container.encode(dryDuration, forKey: .dryDuration)
            try container.encode(cycleDays, forKey: .cycleDays)
            if !learns { try container.encode(learns, forKey: .learns) }
            if !programmes.isEmpty { try container.encode(programmes, forKey: .programmes) }
        }
    }

    /// Its place in the cycle: stage, load (running, paused, or done and waiting), last laundry, totals, streaks.
    public struct Cycle: Codable, Equatable, Sendable {
        public var stage = Stage.idle
        public var lastLaundryAt: Date?
        public var totalCycles = 0
        public var currentStreak = 0
        public var longestStreak = 0
        /// The load the cycle is on, with its absolute end; nil when none runs or waits.
        public var load: Load?

        public init() {}
    }

    /// What holds reminders back, or pushes a person.
    public struct Reminders: Codable, Equatable, Sendable {
        /// Reminders are held back until then (`laundry snooze`).
        public var snoozedUntil: Date?
        /// The last nudge about it (`laundry nudge`).
        public var nudge: Nudge?

        public init() {}
    }

    /// The pet was released; the name it had, for history and doctor.
    public struct Release: Codable, Equatable, Sendable {
        public var name: String

        public init(name: String) { self.name = name }
    }
}
