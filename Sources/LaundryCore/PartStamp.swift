import FoundationEssentials

/// When, and on which machine, a part of a pet was last changed by a person (or, `auto`, by the
/// end of a timer). Two copies of a pet written on two machines are merged part by part: the
/// later stamp wins, the device id breaking a tie.
public struct PartStamp: Codable, Hashable, Sendable, Comparable {
    public var at: Date
    public var device: String
    /// Set for a stamp no person made: a finished timer, stamped with its end.
    public var auto: Bool?

    public init(at: Date, device: String, auto: Bool = false) {
        self.at = at
        self.device = device
        self.auto = auto ? true : nil
    }

    public var isAuto: Bool { auto == true }

    public static func < (left: PartStamp, right: PartStamp) -> Bool {
        (left.at, left.device, left.isAuto ? 0 : 1) < (right.at, right.device, right.isAuto ? 0 : 1)
    }
}

/// The parts a pet is merged by. Each changes as one: a cycle's stage, timer, totals and streaks
/// only make sense together.
public enum PetPart: String, Codable, CaseIterable, Sendable {
    /// Name and kind.
    case identity
    /// Wash and dry lengths, days between cycles.
    case settings
    /// Stage, the running load, last laundry, totals and streaks.
    case cycle
    /// A snooze.
    case reminders
}

/// Each part's recent stamps, newest last: the newest says which copy wins a merge; the older
/// ones tell a copy the winner had already seen (nothing lost) from a change made beside it
/// (superseded, and said so in history).
public struct PartStamps: Codable, Equatable, Sendable {
    public static let kept = 16

    public var identity: [PartStamp]
    public var settings: [PartStamp]
    public var cycle: [PartStamp]
    public var reminders: [PartStamp]

    public init() {
        identity = []
        settings = []
        cycle = []
        reminders = []
    }

    public subscript(part: PetPart) -> [PartStamp] {
        get {
            switch part {
            case .identity: return identity
            case .settings: return settings
            case .cycle: return cycle
            case .reminders: return reminders
            }
        }
        set {
            switch part {
            case .identity: identity = newValue
            case .settings: settings = newValue
            case .cycle: cycle = newValue
            case .reminders: reminders = newValue
            }
        }
    }

    public func latest(_ part: PetPart) -> PartStamp? { self[part].last }

    /// Records a change of `part`; the oldest stamps fall off.
    public mutating func record(_ stamp: PartStamp, for part: PetPart) {
        var lineage = self[part]
        guard lineage.last != stamp else { return }
        lineage.append(stamp)
        if lineage.count > Self.kept { lineage.removeFirst(lineage.count - Self.kept) }
        self[part] = lineage
    }
}
