import FoundationEssentials

/// What this machine's daemon told the user about one pet, kept per device (`devices/<device-id>/<uuid>.json`), not in
/// the shared pet file: one machine's announcement must not silence another, nor bookkeeping bounce between machines.
public struct DeviceNotes: Codable, Equatable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var petID: UUID
    /// The load whose finish this machine announced, and at which end (resumed elsewhere after it, it ends again).
    public var announcedLoad: UUID?
    public var announcedEnd: Date?
    /// The reminders this machine sent about the finished load waiting for the user.
    public var loadReminder: LoadReminder?
    /// Health warnings this machine already sent (25, 10, 5, 0); a threshold re-arms when health rises above it.
    public var sentHealthWarnings: [Int]
    /// The nudge (by its time) this machine last popped up; absent before nudges.
    public var nudgeShown: Date?

    public init(petID: UUID) {
        schemaVersion = Self.currentSchemaVersion
        self.petID = petID
        announcedLoad = nil
        announcedEnd = nil
        loadReminder = nil
        sentHealthWarnings = []
    }

    /// The warnings as a set, stored sorted so the file is the same bytes for the same notes.
    public var warningsSent: Set<Int> {
        get { Set(sentHealthWarnings) }
        set { sentHealthWarnings = newValue.sorted(by: >) }
    }
}
