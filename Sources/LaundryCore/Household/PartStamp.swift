import FoundationEssentials

/// When and where a person last changed a pet's part; per part, the latest stamp wins (device id breaks ties).
public struct PartStamp: Codable, Hashable, Sendable, Comparable {
    public var at: Date
    public var device: String

    /// `at` is kept to the millisecond, as files store it, so a stamp read back equals itself.
    public init(at: Date, device: String) {
        self.at = Date(timeIntervalSince1970: (at.timeIntervalSince1970 * 1000).rounded() / 1000)
        self.device = device
    }

    public static func < (left: PartStamp, right: PartStamp) -> Bool {
        (left.at, left.device) < (right.at, right.device)
    }
}

/// The parts a pet is merged by. Each changes as one: a cycle's stage, its running load, totals and streaks only make
/// sense together. A release is a part too: it wins when it is later than every other part's latest change.
public enum PetPart: String, Codable, CaseIterable, Sendable {
    /// Name and kind.
    case identity
    /// Wash and dry lengths, days between cycles.
    case settings
    /// Stage, the running load (with its absolute end), last laundry, totals and streaks.
    case cycle
    /// A snooze.
    case reminders
    /// The pet was released.
    case release
}

/// The winning stamp of each part of a pet.
public struct PartStamps: Equatable, Sendable {
    // One field per part, not a dictionary: a `PetPart` key hashes its raw string (0.3 M instructions, 10-pet status).
    private var identity, settings, cycle, reminders, release: PartStamp?

    public init() {}

    public subscript(part: PetPart) -> PartStamp? {
        get {
            switch part {
            case .identity: identity
            case .settings: settings
            case .cycle: cycle
            case .reminders: reminders
            case .release: release
            }
        }
        set {
            switch part {
            case .identity: identity = newValue
            case .settings: settings = newValue
            case .cycle: cycle = newValue
            case .reminders: reminders = newValue
            case .release: release = newValue
            }
        }
    }

    /// The latest stamp of any part but the release: the last change a person made to the pet.
    public var latestChange: PartStamp? {
        [identity, settings, cycle, reminders].compactMap { $0 }.max()
    }

    /// Released, and no person changed the pet after the release.
    public var isReleased: Bool {
        guard let released = release else { return false }
        guard let latest = latestChange else { return true }
        return !(released < latest)
    }

    /// A stamp for a change to `parts` now: not before now, after every stamp seen for them: it wins on a slow clock.
    public func next(for parts: [PetPart], at now: Date, device: String) -> PartStamp {
        let seen = parts.compactMap { self[$0]?.at }.max()
        let after = seen.map { $0.addingTimeInterval(0.001) } ?? now
        return PartStamp(at: max(now, after), device: device)
    }
}
