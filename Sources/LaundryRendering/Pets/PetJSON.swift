import FoundationEssentials
import LaundryCore

/// The `--json` shape of a pet, a contract scripts rely on: exactly these keys, `null` spelled out.
public struct PetJSON: Encodable {
    public struct TimerJSON: Encodable {
        public let kind: LoadKind
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
    public let timer: Nullable<TimerJSON>
    /// The running load's growth stage, 1 … 5 by elapsed fifth; null without a load.
    public let growthStage: Nullable<Int>
    public let totalCycles: Int
    public let currentStreak: Int
    public let longestStreak: Int
    public let lastLaundryAt: Nullable<Date>
    /// Reminders and warnings are held back until then; null when no snooze holds.
    public let snoozedUntil: Nullable<Date>
    /// The load its cycle is on (running, paused or waiting), as `loads` names it; null when idle.
    public let loadId: Nullable<String>
    /// Washed while another pet's load is in the household's dryer: whose, and when it frees (null while paused);
    /// its reminders wait till then. Null when it waits for nothing.
    public let waitsForDryer: Nullable<DryerJSON>
    /// When its next laundry is due (past when overdue).
    public let dueAt: Date
    public let settings: SettingsJSON
    /// `status <pet>` only: what its loads have taught it (absent from the list of pets).
    public var learned: LearnedJSON?

    public struct LearnedJSON: Encodable {
        /// Whether a wash or dryer started without a length takes the learned one.
        let learns: Bool
        /// The median of the last measured washes (null until there are three), and of how many.
        let washSeconds: Nullable<Double>
        let washRuns: Int
        let drySeconds: Nullable<Double>
        let dryRuns: Int
        /// Each named programme, by name: its typed length and what its own runs taught.
        let programmes: [ProgrammeJSON]

        public init(
            learns: Bool, wash: LearnedLength?, dry: LearnedLength?, programmes: [String: LaundryDuration] = [:],
            learnedProgrammes: [String: (wash: LearnedLength?, dry: LearnedLength?)] = [:]
        ) {
            self.learns = learns
            (washSeconds, washRuns) = (Nullable(wash?.seconds), wash?.runs ?? 0)
            (drySeconds, dryRuns) = (Nullable(dry?.seconds), dry?.runs ?? 0)
            self.programmes = programmes.keys.sorted().map { name in
                let learned = learnedProgrammes[name]
                return ProgrammeJSON(
                    name: name, typedSeconds: programmes[name]?.timeInterval ?? 0,
                    washSeconds: Nullable(learned?.wash?.seconds), washRuns: learned?.wash?.runs ?? 0,
                    drySeconds: Nullable(learned?.dry?.seconds), dryRuns: learned?.dry?.runs ?? 0)
            }
        }
    }

    /// What `laundry set` changes: typed lengths, the cycle, learning, and each programme's typed length by name.
    public struct SettingsJSON: Encodable {
        let washSeconds: Double
        let drySeconds: Double
        let cycleDays: Double
        let learns: Bool
        let programmes: [String: Double]
    }

    public struct DryerJSON: Encodable {
        /// The pet whose load is in the dryer.
        let petId: String
        let freeAt: Nullable<Date>
    }

    public struct ProgrammeJSON: Encodable {
        let name: String
        let typedSeconds: Double
        let washSeconds: Nullable<Double>
        let washRuns: Int
        let drySeconds: Nullable<Double>
        let dryRuns: Int
    }

    public init(_ view: PetView) {
        let pet = view.pet
        (id, name, kind, stage) = (pet.id.lowercasedText, pet.identity.name, pet.identity.kind, pet.cycle.stage)
        (health, mood) = (view.health, view.mood)
        timer = Nullable(
            view.load.map {
                TimerJSON(
                    kind: $0.kind, startedAt: $0.startedAt, endsAt: $0.projectedEnd(at: view.now),
                    remainingSeconds: JSONOutput.seconds($0.remaining(at: view.now)), paused: $0.isPaused)
            })
        growthStage = Nullable(view.load.map { $0.growthStage(at: view.now) })
        (totalCycles, currentStreak, longestStreak) = (
            pet.cycle.totalCycles, pet.streak(at: view.now), pet.cycle.longestStreak
        )
        (lastLaundryAt, snoozedUntil) = (Nullable(pet.cycle.lastLaundryAt), Nullable(view.snoozedUntil))
        (loadId, dueAt) = (Nullable(view.loadID?.lowercasedText), pet.dueDate())
        waitsForDryer = Nullable(
            view.dryerBusy.map { DryerJSON(petId: $0.petID.lowercasedText, freeAt: Nullable($0.until)) })
        let set = pet.settings
        settings = SettingsJSON(
            washSeconds: set.washDuration.timeInterval, drySeconds: set.dryDuration.timeInterval,
            cycleDays: set.cycleDays, learns: set.learns, programmes: set.programmes.mapValues(\.timeInterval))
    }
}

/// Every `--json`: one encoder, `[]` and `{}` for empty (the pretty encoder writes `[`, a blank line, `]`).
public enum JSONOutput {
    public static func print<T: Encodable>(_ value: T) throws {
        Terminal.write(try text(value) + "\n")
    }

    public static func text<T: Encodable>(_ value: T, pretty: Bool = true) throws -> String {
        let text = String(decoding: try JSONCoding.encoder(pretty: pretty).encode(value), as: UTF8.self)
        // No string holds a raw newline, so only an empty container matches.
        // Only an empty list or object leaves a blank line; a regex over every output (megabytes of history) costs.
        guard text.contains("\n\n") else { return text }
        return text.replacing(#/([\[{])\n\s*\n *([\]}])/#) { "\($0.1)\($0.2)" }
    }

    /// Seconds as every `--json` gives them: to the millisecond.
    public static func seconds(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
    public static func seconds(_ value: Double?) -> Double? { value.map(seconds) }
}
