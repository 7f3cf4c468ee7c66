import FoundationEssentials

/// An appliance's state from its plug's power: idle, running, settling (below `doneBelowWatts`; stopped only after
/// `doneAfterSeconds`: a soak or pause ends no load), or a plug-ended run's tail; meters energy. Pure, persisted.
public struct ApplianceWatch: Codable, Equatable, Sendable {
    public enum Phase: Codable, Equatable, Sendable {
        case idle
        case running(since: Date)
        /// Ran since `since`, and has drawn little since `quietSince`.
        case settling(since: Date, quietSince: Date)
        /// Its plug ended a run at `endedAt`. Later bursts (a dryer's anti-crease tumbles) are that run's: a new load
        /// starts only when power stays up `newLoadAfterSeconds` (`burstSince`: since when) or someone starts one.
        case tail(endedAt: Date, burstSince: Date?)
    }

    public enum Change: Equatable, Sendable {
        case none
        /// It began to draw power (from idle), at the time given (a burst in a tail began earlier).
        case started(at: Date)
        /// It ran, then stayed low long enough: the load is done, having drawn `energy`.
        case stopped(ranSince: Date, energy: EnergyMeter)
    }

    public private(set) var phase: Phase = .idle
    public private(set) var lastWatts: Double?
    public private(set) var lastReadAt: Date?
    /// The energy of the run going on (of the last one, while idle or in its tail).
    public private(set) var meter = EnergyMeter()

    public init() {}

    private enum Key: String, CodingKey { case phase, lastWatts, lastReadAt, meter }

    // appliances.json from before the meter: a run through an upgrade is kept, its energy counted from the next read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        phase = try container.decode(Phase.self, forKey: .phase)
        lastWatts = try container.decodeIfPresent(Double.self, forKey: .lastWatts)
        lastReadAt = try container.decodeIfPresent(Date.self, forKey: .lastReadAt)
        meter = try container.decodeIfPresent(EnergyMeter.self, forKey: .meter) ?? EnergyMeter()
    }

    public var isRunning: Bool {
        switch phase {
        case .running, .settling: return true
        case .idle, .tail: return false
        }
    }

    /// Drawing power after its plug ended the load: "done, still tumbling".
    public var isTumbling: Bool {
        if case .tail(_, let burst) = phase { return burst != nil }
        return false
    }

    /// When it counts as stopped if nothing above `doneBelowWatts` comes first.
    public func stopsAt(_ settings: ApplianceSettings) -> Date? {
        guard case .settling(_, let quietSince) = phase else { return nil }
        return quietSince.addingTimeInterval(settings.doneAfterSeconds)
    }

    /// The next moment time alone changes something: a stop, a burst long enough to be a new load.
    public func nextChange(_ settings: ApplianceSettings) -> Date? {
        if let stop = stopsAt(settings) { return stop }
        if case .tail(_, let burst?) = phase { return burst.addingTimeInterval(settings.newLoadAfterSeconds) }
        return nil
    }

    /// Running with no word from its plug for longer than its staleness bound.
    public func isSilent(at now: Date, _ settings: ApplianceSettings) -> Bool {
        guard isRunning, let lastReadAt else { return false }
        return now.timeIntervalSince(lastReadAt) > settings.staleAfterSeconds
    }

    /// When a running appliance's plug will have been silent too long, if nothing comes first.
    public func silentAt(_ settings: ApplianceSettings) -> Date? {
        guard isRunning, let lastReadAt else { return nil }
        return lastReadAt.addingTimeInterval(settings.staleAfterSeconds)
    }

    public mutating func read(
        watts: Double, at now: Date, _ settings: ApplianceSettings, prices: PriceBook = PriceBook()
    ) -> Change {
        lastWatts = watts
        lastReadAt = now
        switch phase {
        case .idle:
            guard watts > settings.runningAboveWatts else { return .none }
            return start(at: now, watts: watts, settings, prices: prices)
        case .running(let since):
            meter.read(watts: watts, at: now, staleAfter: settings.staleAfterSeconds, prices: prices)
            if watts < settings.doneBelowWatts { phase = .settling(since: since, quietSince: now) }
            return check(at: now, settings, prices: prices)
        case .settling:
            // The quiet lasted long enough before this reading came: the load stopped then, and this is its tail.
            if let stops = stopsAt(settings), now >= stops {
                let stopped = check(at: now, settings, prices: prices)
                if watts > settings.runningAboveWatts, case .tail(let endedAt, nil) = phase {
                    phase = .tail(endedAt: endedAt, burstSince: now)
                }
                return stopped
            }
            guard case .settling(let since, _) = phase else { return .none }
            meter.read(watts: watts, at: now, staleAfter: settings.staleAfterSeconds, prices: prices)
            if watts >= settings.doneBelowWatts {
                phase = .running(since: since)
                return .none
            }
            return check(at: now, settings, prices: prices)
        case .tail(let endedAt, let burst):
            if watts > settings.runningAboveWatts {
                phase = .tail(endedAt: endedAt, burstSince: burst ?? now)
            } else if watts < settings.doneBelowWatts {
                phase = .tail(endedAt: endedAt, burstSince: nil)
            }
            return check(at: now, settings, prices: prices)
        }
    }

    /// Time passing without a reading: a settling appliance quiet long enough stopped; a long tail burst is a new load.
    public mutating func check(at now: Date, _ settings: ApplianceSettings, prices: PriceBook = PriceBook()) -> Change {
        switch phase {
        case .settling(let since, _):
            guard let stops = stopsAt(settings), now >= stops else { return .none }
            meter.hold(until: stops, staleAfter: settings.staleAfterSeconds, prices: prices)
            phase = .tail(endedAt: stops, burstSince: nil)
            return .stopped(ranSince: since, energy: meter)
        case .tail(_, let burst?):
            guard now.timeIntervalSince(burst) >= settings.newLoadAfterSeconds,
                let watts = lastWatts, watts > settings.runningAboveWatts
            else { return .none }
            return start(at: burst, watts: watts, settings, prices: prices, readAt: lastReadAt ?? now)
        default:
            return .none
        }
    }

    /// Counts a running appliance's energy up to `now` at its last reading: the price is about to change.
    public mutating func meterUp(to now: Date, _ settings: ApplianceSettings, prices: PriceBook) {
        guard isRunning else { return }
        meter.hold(until: now, staleAfter: settings.staleAfterSeconds, prices: prices)
    }

    /// Someone started a load of this appliance: whatever it draws now is that load's.
    public mutating func loadStarted() {
        guard case .tail = phase else { return }
        phase = .idle
    }

    private mutating func start(
        at since: Date, watts: Double, _ settings: ApplianceSettings, prices: PriceBook, readAt: Date? = nil
    ) -> Change {
        phase = .running(since: since)
        meter = EnergyMeter()
        // A burst that became a load counts from its start, at the power it has drawn since.
        if since < (readAt ?? since) {
            meter.read(watts: watts, at: since, staleAfter: settings.staleAfterSeconds, prices: prices)
        }
        meter.read(watts: watts, at: readAt ?? since, staleAfter: settings.staleAfterSeconds, prices: prices)
        return .started(at: since)
    }
}

/// The watts in a plug's message: a number (Shelly gen 1), or one at a dotted JSON path (`ENERGY.Power`, `apower`).
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
            guard let json = JSONTree.read(payload),
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
