import FoundationEssentials
import LaundryCore
import LaundryRendering
import LaundryStore
import Logging

/// The washer's and dryer's plugs and the price topic: what each appliance does and drew (kept in appliances.json so a
/// restart forgets no running washer), when one started or stopped, which plugs went silent mid-run.
public final class ApplianceMonitor {
    /// One run of an appliance, from its start to the stop its plug reported.
    public struct Run: Sendable {
        public let since: Date
        public let ended: Date
        public let energy: EnergyMeter
    }

    private let settings: [Appliance: ApplianceSettings]
    private let priceTopic: String?
    private let file: String
    private let logger: Logger
    private var watches: [Appliance: ApplianceWatch]
    public private(set) var prices: PriceBook
    /// Plugs silent past their staleness bound while their appliance runs, each reported once.
    public private(set) var silent: Set<Appliance> = []
    private var loggedOnce: Set<String> = []
    public var onStarted: ((Appliance) -> Void)?
    public var onStopped: ((Appliance, Run) -> Void)?
    /// A plug went silent or spoke again (Home Assistant's availability, `daemon status`).
    public var onSilenceChanged: (() -> Void)?
    public var onPricesChanged: (() -> Void)?

    public init(
        settings: [Appliance: ApplianceSettings], prices: PriceBook, priceTopic: String?, file: String,
        logger: Logger
    ) {
        self.settings = settings
        self.prices = prices
        self.priceTopic = priceTopic
        self.file = file
        self.logger = logger
        let saved = FileManager.default.contents(atPath: file).flatMap {
            try? JSONCoding.decoder().decode(VersionedFile<[String: ApplianceWatch]>.self, from: $0).content
        }
        var watches: [Appliance: ApplianceWatch] = [:]
        for appliance in settings.keys { watches[appliance] = saved?[appliance.rawValue] ?? ApplianceWatch() }
        self.watches = watches
    }

    public var topics: [String] { Set(settings.values.map(\.powerTopic) + [priceTopic].compactMap { $0 }).sorted() }

    public var running: Set<Appliance> { Set(watches.filter { $0.value.isRunning }.map(\.key)) }

    /// Appliances drawing power in the tail of a load their plug ended: "done, still tumbling".
    public var tumbling: Set<Appliance> { Set(watches.filter { $0.value.isTumbling }.map(\.key)) }

    /// The next moment time alone changes something: a stop, a tail's burst becoming a load, a plug silent too long.
    public var nextCheck: Date? {
        watches.compactMap { appliance, watch -> Date? in
            guard let plug = settings[appliance] else { return nil }
            let silence = silent.contains(appliance) ? nil : watch.silentAt(plug)
            return [watch.nextChange(plug), silence].compactMap { $0 }.min()
        }.min()
    }

    /// Whether the message was a plug's or the price topic's (handled), or belongs to someone else.
    public func message(_ topic: String, _ payload: [UInt8], retained: Bool, at now: Date) -> Bool {
        var handled = false
        if topic == priceTopic {
            handled = true
            price(payload, at: now)
        }
        let matching = settings.filter { $0.value.powerTopic == topic }
        for (appliance, plug) in matching.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            handled = true
            let watts: Double
            do { watts = try PowerReading.watts(in: payload, field: plug.powerField) } catch {
                logOnce(
                    "\(appliance) \(error)",
                    "mqtt: the \(appliance.rawValue)'s plug sent a reading laundry cannot use on \(topic) "
                        + "(\(Self.words(error, plug))); ignored",
                    Self.fact(appliance, "unreadable", ["problem": "\(caseName(error))"]))
                continue
            }
            // A retained reading, maybe old, says how things stand; it does not start or stop a load by itself.
            if retained, case .idle = watches[appliance]?.phase { continue }
            if silent.remove(appliance) != nil {
                logger.info(
                    "mqtt: the \(appliance.rawValue)'s plug speaks again", metadata: Self.fact(appliance, "speaksAgain")
                )
                onSilenceChanged?()
            }
            apply(appliance, plug, at: now) { $0.read(watts: watts, at: now, plug, prices: prices) }
        }
        return handled
    }

    /// Time passed: an appliance quiet long enough stopped; a plug silent too long is reported.
    public func check(at now: Date) {
        for (appliance, plug) in settings.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            apply(appliance, plug, at: now) { $0.check(at: now, plug, prices: prices) }
            if let watch = watches[appliance], watch.isSilent(at: now, plug), silent.insert(appliance).inserted {
                let words =
                    "mqtt: the \(appliance.rawValue)'s plug has said nothing for "
                    + "\(NumberText.plain(plug.staleAfterSeconds)) s while it runs (staleAfterSeconds): its "
                    + "energy is counted no further and nothing ends until it speaks; check the plug and its "
                    + "topic \(plug.powerTopic)"
                logger.warning("\(words)", metadata: Self.fact(appliance, "silent"))
                onSilenceChanged?()
            }
        }
    }

    /// Someone started a load of `appliance`: a tail's tumbling is over, what it draws is the new load's.
    public func loadStarted(_ appliance: Appliance) {
        guard var watch = watches[appliance] else { return }
        let before = watch
        watch.loadStarted()
        watches[appliance] = watch
        if watch != before { save() }
    }

    private func price(_ payload: [UInt8], at now: Date) {
        let message: PriceMessage
        do { message = try PriceMessage.read(payload) } catch {
            logOnce(
                "price \(error)", "mqtt: the price topic \(priceTopic ?? "") sent \(Self.words(error)); ignored",
                ["surface": "prices", "event": "unreadable", "problem": "\(caseName(error))"])
            return
        }
        // What was drawn until now is at the old price.
        for (appliance, plug) in settings { watches[appliance]?.meterUp(to: now, plug, prices: prices) }
        switch message {
        case .now(let price): prices.topicPrice = price
        case .series(let slots): prices.series = slots
        }
        // For `laundry plan`, which cannot hear the broker itself.
        let heard = PriceFile(price: prices.topicPrice, series: prices.series, heardAt: now)
        let folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        do { try heard.write(to: folder + "/" + PriceFile.name) } catch {
            logOnce(
                "prices", "could not keep the prices heard: \(ErrorText.line(for: error) ?? "\(error)")",
                ["surface": "prices", "event": "notKept"])
        }
        onPricesChanged?()
    }

    private func apply(
        _ appliance: Appliance, _ plug: ApplianceSettings, at now: Date,
        _ step: (inout ApplianceWatch) -> ApplianceWatch.Change
    ) {
        var watch = watches[appliance] ?? ApplianceWatch()
        let before = watch
        let change = step(&watch)
        watches[appliance] = watch
        if watch.phase != before.phase || change != .none { save() }
        switch change {
        case .none: break
        case .started:
            let watts = NumberText.plain(watch.lastWatts ?? 0)
            logger.info(
                "the \(appliance.rawValue) started (\(watts) W)",
                metadata: Self.fact(appliance, "started", ["watts": "\(watts)"]))
            onStarted?(appliance)
        case .stopped(let since, let energy):
            var ended = now
            if case .tail(let endedAt, _) = watch.phase { ended = endedAt }
            let words =
                "the \(appliance.rawValue) stopped (under \(NumberText.plain(plug.doneBelowWatts)) W for "
                + "\(NumberText.plain(plug.doneAfterSeconds)) s), having drawn \(NumberText.plain(energy.wattHours)) Wh"
            logger.info(
                "\(words)",
                metadata: Self.fact(appliance, "stopped", ["wattHours": "\(NumberText.plain(energy.wattHours))"]))
            onStopped?(appliance, Run(since: since, ended: ended, energy: energy))
        }
    }

    private func save() {
        let byName = Dictionary(uniqueKeysWithValues: watches.map { ($0.key.rawValue, $0.value) })
        guard let data = try? JSONCoding.encoder().encode(VersionedFile(byName)) else { return }
        do { try StoreFiles.writeAtomically(data, to: file) } catch {
            logOnce(
                "save", "could not keep what the appliances do: \(ErrorText.line(for: error) ?? "\(error)")",
                ["surface": "appliance", "event": "notKept"])
        }
    }

    private static func words(_ problem: PowerReading.Problem, _ plug: ApplianceSettings) -> String {
        switch problem {
        case .tooLarge(let bytes): return "\(bytes) bytes, too large for a reading"
        case .notANumber: return "not a number; set powerField if the plug sends JSON"
        case .fieldMissing(let path): return "no number at \(path); check powerField"
        case .negative: return "not a positive number"
        }
    }

    private static func words(_ problem: PriceMessage.Problem) -> String {
        switch problem {
        case .tooLarge(let bytes): return "\(bytes) bytes, too large for prices"
        case .notAPrice:
            return "neither a price (a number) nor a series ([{\"start\": …, \"end\": …, \"price\": …}])"
        case .badSlot(let index):
            return
                "a series whose slot \(index + 1) has no start, end (after its start) or price in ISO 8601 and numbers"
        case .notFinite: return "a price that is not a finite number"
        }
    }

    private func logOnce(_ key: String, _ line: String, _ facts: Logger.Metadata) {
        guard loggedOnce.count < 100, loggedOnce.insert(key).inserted else { return }
        logger.warning("\(line)", metadata: facts)
    }

    /// A log line's facts: surface `appliance`, which one, what happened, and its details.
    static func fact(_ appliance: Appliance, _ event: String, _ more: Logger.Metadata = [:]) -> Logger.Metadata {
        more.merging(["surface": "appliance", "appliance": "\(appliance.rawValue)", "event": "\(event)"]) { $1 }
    }
}
