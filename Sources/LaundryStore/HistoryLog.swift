import FoundationEssentials
import LaundryCore

/// `history/<uuid>.jsonl`: one JSON event per line, only ever appended to.
public enum HistoryLog {
    public struct Contents: Sendable {
        public var events: [HistoryEvent]
        /// Lines that did not parse (a line torn by a crash, or edited by hand); they are skipped.
        public var unreadableLines: Int
    }

    /// Takes the room for `events` now; `write()` them once the change they record is on disk.
    static func reserve(_ events: [HistoryEvent], at path: String) throws(StoreError) -> PosixFile.ReservedAppend? {
        guard !events.isEmpty else { return nil }
        let encoder = JSONCoding.encoder(pretty: false)
        var lines = Data()
        for event in events {
            guard let line = try? encoder.encode(event) else { continue }
            lines += line + Data("\n".utf8)
        }
        return try PosixFile.ReservedAppend(lines, to: path)
    }

    static func read(_ path: String) -> Contents {
        guard case .data(let data)? = try? PosixFile.read(path, limit: 64 << 20) else {
            return Contents(events: [], unreadableLines: 0)
        }
        let decoder = JSONCoding.decoder()
        var events: [HistoryEvent] = []
        var unreadable = 0
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            if let event = try? decoder.decode(HistoryEvent.self, from: Data(line)) {
                events.append(event)
            } else {
                unreadable += 1
            }
        }
        return Contents(events: events, unreadableLines: unreadable)
    }
}
