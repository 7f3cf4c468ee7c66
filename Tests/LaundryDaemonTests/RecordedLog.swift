import Foundation
import Logging

/// Every line the daemon's code logged through its `Logger`, in order: what the engine tests read
/// instead of the log file.
final class RecordedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    private var recordedEvents: [[String: String]] = []

    var lines: [String] { lock.withLock { recorded } }
    /// Each line as the JSON log has it: its level and metadata as keys, its words under `message`.
    var events: [[String: String]] { lock.withLock { recordedEvents } }

    /// The events that have every key and value of `fields`.
    func events(_ fields: [String: String]) -> [[String: String]] {
        events.filter { event in fields.allSatisfy { event[$0.key] == $0.value } }
    }

    var logger: Logger { Logger(label: "laundryd") { _ in Handler(log: self) } }

    private func append(_ event: LogEvent) {
        var fields = (event.metadata ?? [:]).mapValues { "\($0)" }
        fields["level"] = event.level.rawValue
        fields["message"] = "\(event.message)"
        lock.withLock {
            recorded.append("\(event.message)")
            recordedEvents.append(fields)
        }
    }

    private struct Handler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) { log.append(event) }
    }
}
