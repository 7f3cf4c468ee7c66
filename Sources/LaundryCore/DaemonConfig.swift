/// The user's settings for reminders, from `config.json` (every field optional).
public struct DaemonConfig: Codable, Equatable, Sendable {
    /// Minutes between reminders about laundry left wet (`washed`) or unfolded (`dried`).
    public var nagIntervalMinutes: Double
    /// How many such reminders at most, per load.
    public var nagLimit: Int
    /// Whether to post desktop notifications at all (the log still gets every one).
    public var notifications: Bool

    public static let defaults = DaemonConfig(nagIntervalMinutes: 15, nagLimit: 4, notifications: true)

    public init(nagIntervalMinutes: Double, nagLimit: Int, notifications: Bool) {
        self.nagIntervalMinutes = nagIntervalMinutes
        self.nagLimit = nagLimit
        self.notifications = notifications
    }

    enum CodingKeys: String, CodingKey { case nagIntervalMinutes, nagLimit, notifications }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Self.defaults
        nagIntervalMinutes =
            try container.decodeIfPresent(Double.self, forKey: .nagIntervalMinutes) ?? defaults.nagIntervalMinutes
        nagLimit = try container.decodeIfPresent(Int.self, forKey: .nagLimit) ?? defaults.nagLimit
        notifications = try container.decodeIfPresent(Bool.self, forKey: .notifications) ?? defaults.notifications
        guard nagIntervalMinutes >= 0.01, nagLimit >= 0 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "nagIntervalMinutes must be positive and nagLimit 0 or more"))
        }
    }

    public var nagInterval: Double { nagIntervalMinutes * 60 }
}
