import FoundationEssentials
import LaundryCore

/// The `--json` shape of a pet, a contract scripts rely on: exactly these keys, `null` spelled out.
public struct PetJSON: Encodable {
    public struct TimerJSON: Encodable {
        public let kind: TimerKind
        public let startedAt: Date
        public let endsAt: Date
        public let remainingSeconds: Double
        public let paused: Bool
    }

    public let id: String
    public let name: String
    public let kind: String
    public let stage: Stage
    public let health: Int
    public let mood: Mood
    public let timer: TimerJSON?
    public let totalCycles: Int
    public let currentStreak: Int
    public let longestStreak: Int
    public let lastLaundryAt: Date?
    /// Reminders and warnings are held back until then; null when no snooze holds.
    public let snoozedUntil: Date?

    public init(_ view: PetView) {
        let pet = view.pet
        id = pet.id.lowercasedText
        name = pet.name
        kind = pet.kind
        stage = pet.stage
        health = view.health
        mood = view.mood
        timer = view.timer.map {
            TimerJSON(
                kind: $0.kind, startedAt: $0.startedAt, endsAt: $0.projectedEnd(at: view.now),
                remainingSeconds: ($0.remaining(at: view.now) * 1000).rounded() / 1000, paused: $0.isPaused)
        }
        totalCycles = pet.totalCycles
        currentStreak = pet.streak(at: view.now)
        longestStreak = pet.longestStreak
        lastLaundryAt = pet.lastLaundryAt
        snoozedUntil = view.snoozedUntil
    }

    enum CodingKeys: String, CodingKey {
        case id, name, kind, stage, health, mood, timer, totalCycles, currentStreak, longestStreak, lastLaundryAt
        case snoozedUntil
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encode(stage, forKey: .stage)
        try container.encode(health, forKey: .health)
        try container.encode(mood, forKey: .mood)
        try container.encode(timer, forKey: .timer)
        try container.encode(totalCycles, forKey: .totalCycles)
        try container.encode(currentStreak, forKey: .currentStreak)
        try container.encode(longestStreak, forKey: .longestStreak)
        try container.encode(lastLaundryAt, forKey: .lastLaundryAt)
        try container.encode(snoozedUntil, forKey: .snoozedUntil)
    }
}

public enum JSONOutput {
    public static func print<T: Encodable>(_ value: T) throws {
        let data = try JSONCoding.encoder().encode(value)
        Terminal.write(data + Data("\n".utf8))
    }
}
