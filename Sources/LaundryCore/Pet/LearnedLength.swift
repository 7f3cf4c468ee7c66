/// How long a pet's washes (or dryer runs) really take: the median of its last `window` measured runs, once there
/// are `needed`. A run is measured when it ended by its plug, by `finish`, or by its timer; pauses do not count.
public struct LearnedLength: Equatable, Sendable {
    public static let needed = 3
    public static let window = 5

    /// The median, to the second.
    public let seconds: Double
    /// How many runs it is the median of (`needed` to `window`).
    public let runs: Int

    /// Nil until `needed` measured runs of `kind` started with `programme` (nil: none; each programme learns alone).
    public static func of(_ loads: [LoadRecord], _ kind: LoadKind, programme: String? = nil) -> LearnedLength? {
        let measured =
            loads
            .compactMap { load -> LoadRecord.Run? in kind == .wash ? load.wash : kind == .dry ? load.dryer : nil }
            .filter { $0.ended != nil && $0.programme == programme }
            .sorted { $0.started < $1.started }
            .suffix(window)
            .compactMap(\.measuredSeconds)
        guard measured.count >= needed, let median = LoadStats.median(measured) else { return nil }
        return LearnedLength(seconds: median.rounded(), runs: measured.count)
    }
}

extension LoadRecord.Run {
    /// Time run, pauses left out; nil while it goes on. A machine that ran past its timer counts until its plug said.
    public var measuredSeconds: Double? {
        guard let timerEnd = ended else { return nil }
        let ended = max(timerEnd, applianceStoppedAt ?? timerEnd)
        let paused = pauses.reduce(0.0) { sum, pause in
            sum + max(0, min(pause.until ?? ended, ended).timeIntervalSince(pause.at))
        }
        let seconds = ended.timeIntervalSince(started) - paused
        return seconds > 0 ? seconds : nil
    }
}
