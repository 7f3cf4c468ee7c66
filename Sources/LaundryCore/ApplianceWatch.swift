import FoundationEssentials

/// What one appliance is doing, read from its plug's power: idle, running, or settling (below
/// `doneBelowWatts` since a moment, which becomes "stopped" only after `doneAfterSeconds`, so a
/// soak or a pause in the programme does not end the load). Pure; the daemon keeps it across
/// restarts.
public struct ApplianceWatch: Codable, Equatable, Sendable {
    public enum Phase: Codable, Equatable, Sendable {
        case idle
        case running(since: Date)
        /// Ran since `since`, and has drawn little since `quietSince`.
        case settling(since: Date, quietSince: Date)
    }

    public enum Change: Equatable, Sendable {
        case none
        /// It began to draw power (from idle).
        case started
        /// It ran, then stayed low long enough: the load is done.
        case stopped(ranSince: Date)
    }

    public private(set) var phase: Phase = .idle
    public private(set) var lastWatts: Double?
    public private(set) var lastReadAt: Date?

    public init() {}

    public var isRunning: Bool {
        if case .idle = phase { return false }
        return true
    }

    /// When it counts as stopped if nothing above `doneBelowWatts` comes first.
    public func stopsAt(_ settings: ApplianceSettings) -> Date? {
        guard case .settling(_, let quietSince) = phase else { return nil }
        return quietSince.addingTimeInterval(settings.doneAfterSeconds)
    }

    /// One reading of the plug.
    public mutating func read(watts: Double, at now: Date, _ settings: ApplianceSettings) -> Change {
        lastWatts = watts
        lastReadAt = now
        switch phase {
        case .idle:
            guard watts > settings.runningAboveWatts else { return .none }
            phase = .running(since: now)
            return .started
        case .running(let since):
            if watts < settings.doneBelowWatts { phase = .settling(since: since, quietSince: now) }
            return check(at: now, settings)
        case .settling(let since, _):
            if watts >= settings.doneBelowWatts {
                phase = .running(since: since)
                return .none
            }
            return check(at: now, settings)
        }
    }

    /// Time passing without a reading: a settling appliance whose quiet lasted long enough stopped.
    public mutating func check(at now: Date, _ settings: ApplianceSettings) -> Change {
        guard case .settling(let since, _) = phase, let stops = stopsAt(settings), now >= stops else { return .none }
        phase = .idle
        return .stopped(ranSince: since)
    }
}

/// The watts in a plug's message: a plain number (Shelly gen 1), or a number at a dotted path in a
/// JSON object (Tasmota's `ENERGY.Power`, Shelly gen 2's `apower`).
public enum PowerReading {
    /// Payloads larger than this are not power readings (a plug sends a few hundred bytes).
    public static let largestPayload = 16 * 1024

    public enum Problem: Error, Equatable, Sendable {
        case tooLarge(Int)
        case notANumber
        case fieldMissing(String)
        case negative
    }

    public static func watts(in payload: [UInt8], field: [String]?) throws(Problem) -> Double {
        guard payload.count <= largestPayload else { throw .tooLarge(payload.count) }
        let value: Double
        if let field {
            guard let json = JSONValue.read(payload),
                let found = field.reduce(Optional(json), { value, key in value?[key] })?.double
            else { throw .fieldMissing(field.joined(separator: ".")) }
            value = found
        } else {
            let text = String(decoding: payload, as: UTF8.self).trimming()
            guard let number = Double(text) else { throw .notANumber }
            value = number
        }
        guard value.isFinite, value >= 0 else { throw .negative }
        return value
    }
}
