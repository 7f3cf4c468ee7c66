import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore
import LaundryRendering
import Logging

/// The daemon's one log: `<time> laundryd[<pid>]: <message>` lines on stderr (the launcher appends them to daemon.log,
/// systemd to the journal). Its own sentences are English; popup text, counts, problems come from the catalogue.
public struct DaemonLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    private let clock: any WallClock & Sendable

    public init(clock: any WallClock & Sendable = SystemClock(), level: Logger.Level = .info) {
        self.clock = clock
        logLevel = level
    }

    /// The daemon's logger; `debug` adds how long each tick and each batch of deadlines took.
    public static func logger(clock: any WallClock & Sendable = SystemClock(), level: Logger.Level = .info) -> Logger {
        Logger(label: "laundryd") { _ in DaemonLogHandler(clock: clock, level: level) }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        Terminal.printError("\(Timestamp.format(clock.now())) laundryd[\(getpid())]: \(event.message)")
    }
}

extension Logger {
    /// For laundryd's answers to the command (probe, notify-test), which print their findings and log nothing.
    static var silent: Logger { Logger(label: "laundryd") { _ in SwiftLogNoOpLogHandler() } }

    /// A line already worded (a catalogue text, a list joined), logged as it is.
    func info(line: String) { info("\(line)") }
}
