import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore
import LaundryRendering
import Logging

/// The daemon's one log, on stderr (launcher: daemon.log; systemd: journal): text, `<time> laundryd[<pid>]: [warning:
/// |error: ]<message>`, or JSON lines (`--log-format json`) keyed by level and event metadata (pet, load, surface), for
/// tests and log shippers. Its sentences are English; popup text, counts, problems come from the catalogue.
public struct DaemonLogHandler: LogHandler {
    public enum Format: String, CaseIterable, Sendable {
        case text, json
    }

    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    private let clock: any WallClock & Sendable
    private let format: Format
    private let write: @Sendable (String) -> Void

    public init(
        clock: any WallClock & Sendable = SystemClock(), level: Logger.Level = .info, format: Format = .text,
        write: @escaping @Sendable (String) -> Void = { Terminal.printError($0) }
    ) {
        self.clock = clock
        logLevel = level
        self.format = format
        self.write = write
    }

    /// The daemon's logger; `debug` adds how long each tick and each batch of deadlines took.
    public static func logger(
        clock: any WallClock & Sendable = SystemClock(), level: Logger.Level = .info, format: Format = .text
    ) -> Logger {
        Logger(label: "laundryd") { _ in DaemonLogHandler(clock: clock, level: level, format: format) }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let time = Timestamp.format(clock.now())
        switch format {
        case .text:
            let prefix =
                switch event.level {
                case .warning: "warning: "
                case .error, .critical: "error: "
                default: ""
                }
            write("\(time) laundryd[\(getpid())]: \(prefix)\(event.message)")
        case .json:
            var line: [String: JSONTree] = [
                "time": .string(time), "level": .string(event.level.rawValue), "pid": .number(Double(getpid())),
                "message": .string("\(event.message)"),
            ]
            // Metadata never overwrites the line's own keys.
            for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) where line[key] == nil
            {
                line[key] = .string("\(value)")
            }
            write(String(decoding: JSONTree.object(line).bytes, as: UTF8.self))
        }
    }
}

/// An enum value's case without its payload (`unreachable` of `.unreachable(reason: …)`), as a log fact.
func caseName(_ value: some Sendable) -> String { String(String(describing: value).prefix { $0 != "(" }) }

extension DaemonConfig {
    /// The settings a log line about them carries as facts (surface `settings`), beside the summary in words.
    func logFacts(_ event: String) -> Logger.Metadata {
        [
            "surface": "settings", "event": "\(event)", "sound": "\(sound)", "notifications": "\(notifications)",
            "nagIntervalMinutes": "\(nagIntervalMinutes)", "nagLimit": "\(nagLimit)",
            "headsUpMinutes": "\(headsUpMinutes)", "quietHours": "\(quietHours.map { "\($0)" } ?? "off")",
            "liveCard": "\(liveCard)", "keepAwake": "\(keepAwake)",
        ]
    }
}

extension Logger {
    /// For laundryd's answers to the command (probe, notify-test), which print their findings and log nothing.
    static var silent: Logger { Logger(label: "laundryd") { _ in SwiftLogNoOpLogHandler() } }

    /// A line already worded (a catalogue text, a list joined), logged as it is.
    func info(line: String) { info("\(line)") }
    /// What the user should fix, worded already.
    func warning(line: String) { warning("\(line)") }
    /// What failed, worded already.
    func error(line: String) { error("\(line)") }
}
