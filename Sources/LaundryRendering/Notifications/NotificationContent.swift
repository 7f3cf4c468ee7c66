import FoundationEssentials
import LaundryCore

/// A notification ready to post: texts filled in, buttons chosen.
public struct NotificationContent: Equatable, Sendable {
    public enum Urgency: String, Sendable { case low, normal, critical }

    public let petID: UUID
    public let summary: String
    public let body: String
    /// `(key, label)` pairs; empty when the server cannot show buttons.
    public let actions: [Action]
    public var urgency: Urgency
    public let category: String
    /// Sent as the hint `x-laundry-timer`: which load a notification announces.
    public let loadID: UUID?
    /// What it announces, as a fact (nil: not an announcement, e.g. "whose load?"), for daemon tests, not the words.
    public let reason: Announcement.Reason?
    /// A running load's live card, not an announcement: updated in place, `resident` until withdrawn, never ringing.
    public var isLiveCard = false
    /// How much of the load is done, 0–100: the `value` hint servers draw as a progress bar.
    public var percentDone: Int?

    public struct Action: Equatable, Sendable {
        public let key: String
        public let label: String

        public init(key: String, label: String) {
            self.key = key
            self.label = label
        }
    }
}
