import FoundationEssentials
import LaundryCore
import LaundryRendering
import LaundryStore
import Logging

/// The washer's and the dryer's plugs, read from their power topics: what each appliance is doing
/// (kept in `$XDG_STATE_HOME/laundry/appliances.json`, so a restart does not forget a running
/// washer), and when one started or stopped.
public final class ApplianceMonitor {
    private let settings: [Appliance: ApplianceSettings]
    private let file: String
    private let logger: Logger
    private var watches: [Appliance: ApplianceWatch]
    private var loggedOnce: Set<String> = []
    public var onStarted: ((Appliance) -> Void)?
    public var onStopped: ((Appliance) -> Void)?

    public init(settings: [Appliance: ApplianceSettings], file: String, logger: Logger) {
        self.settings = settings
        self.file = file
        self.logger = logger
        let saved = FileManager.default.contents(atPath: file).flatMap {
            try? JSONCoding.decoder().decode([String: ApplianceWatch].self, from: $0)
        }
        var watches: [Appliance: ApplianceWatch] = [:]
        for appliance in settings.keys { watches[appliance] = saved?[appliance.rawValue] ?? ApplianceWatch() }
        self.watches = watches
    }

    public var topics: [String] { settings.values.map(\.powerTopic).sorted() }

    /// The appliances whose plug says they draw power now.
    public var running: Set<Appliance> { Set(watches.filter { $0.value.isRunning }.map(\.key)) }

    /// When a settling appliance will count as stopped if nothing changes first.
    public var nextCheck: Date? {
        watches.compactMap { appliance, watch in settings[appliance].flatMap { watch.stopsAt($0) } }.min()
    }

    /// Whether the message was a plug's (handled), or belongs to someone else.
    public func message(_ topic: String, _ payload: [UInt8], retained: Bool, at now: Date) -> Bool {
        let matching = settings.filter { $0.value.powerTopic == topic }
        guard !matching.isEmpty else { return false }
        for (appliance, plug) in matching.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let watts: Double
            do { watts = try PowerReading.watts(in: payload, field: plug.powerField) } catch {
                logOnce(
                    "\(appliance) \(error)",
                    "mqtt: the \(appliance.rawValue)'s plug sent a reading laundry cannot use on \(topic) "
                        + "(\(Self.words(error, plug))); ignored"
                )
                continue
            }
            // A retained reading is the plug's last word, maybe old: it says how things stand, it
            // does not start or stop a load by itself.
            if retained, case .idle = watches[appliance]?.phase { continue }
            apply(appliance, plug) { $0.read(watts: watts, at: now, plug) }
        }
        return true
    }

    /// Time passed: an appliance that stayed quiet long enough stopped.
    public func check(at now: Date) {
        for (appliance, plug) in settings.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            apply(appliance, plug) { $0.check(at: now, plug) }
        }
    }

    private func apply(
        _ appliance: Appliance, _ plug: ApplianceSettings, _ step: (inout ApplianceWatch) -> ApplianceWatch.Change
    ) {
        var watch = watches[appliance] ?? ApplianceWatch()
        let before = watch
        let change = step(&watch)
        watches[appliance] = watch
        if watch.phase != before.phase { save() }
        switch change {
        case .none: break
        case .started:
            logger.info("the \(appliance.rawValue) started (\(NumberText.plain(watch.lastWatts ?? 0)) W)")
            onStarted?(appliance)
        case .stopped:
            logger.info(
                line: "the \(appliance.rawValue) stopped (under \(NumberText.plain(plug.doneBelowWatts)) W for "
                    + "\(NumberText.plain(plug.doneAfterSeconds)) s)")
            onStopped?(appliance)
        }
    }

    private func save() {
        let byName = Dictionary(uniqueKeysWithValues: watches.map { ($0.key.rawValue, $0.value) })
        guard let data = try? JSONCoding.encoder().encode(byName) else { return }
        do { try StoreFiles.writeAtomically(data, to: file) } catch {
            logOnce("save", "could not keep what the appliances do: \(ErrorText.line(for: error) ?? "\(error)")")
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

    private func logOnce(_ key: String, _ line: String) {
        guard loggedOnce.count < 100, loggedOnce.insert(key).inserted else { return }
        logger.info(line: line)
    }
}
