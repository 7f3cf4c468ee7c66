import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore
import LaundryRendering
import Logging

/// The daemon's one log: every line `<time> laundryd[<pid>]: <message>` on stderr, which the
/// launcher appends to daemon.log and systemd hands to the journal. The daemon's own sentences
/// are English; a popup's text, a count or a problem in them comes from the catalogue, in the
/// language the daemon runs in.
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
    /// For laundryd's answers to the command (probe, notify-test), which print their findings
    /// and log nothing.
    static var silent: Logger { Logger(label: "laundryd") { _ in SwiftLogNoOpLogHandler() } }

    /// A line already worded (a catalogue text, a list joined), logged as it is.
    func info(line: String) { info("\(line)") }
}
