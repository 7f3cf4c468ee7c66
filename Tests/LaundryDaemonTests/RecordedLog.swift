import Foundation
import Logging

/// Every line the daemon's code logged through its `Logger`, in order: what the engine tests read
/// instead of the log file.
final class RecordedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    var lines: [String] { lock.withLock { recorded } }

    var logger: Logger { Logger(label: "laundryd") { _ in Handler(log: self) } }

    private func append(_ line: String) { lock.withLock { recorded.append(line) } }

    private struct Handler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) { log.append("\(event.message)") }
    }
}
