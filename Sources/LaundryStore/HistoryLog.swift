import FoundationEssentials
import LaundryCore

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// A machine's `history/<uuid>.jsonl`: one JSON event per line, appended to by that machine only.
public enum HistoryLog {
    public struct Contents: Sendable {
        /// Every event with its id (lines from before ids get one derived from the line).
        public var events: [HistoryEvent]
        /// Lines that did not parse (a line torn by a crash, or edited by hand); they are skipped.
        public var unreadableLines: Int
    }

    /// Events any machine would write the same way, with the same id: one already in this file is
    /// not written twice.
    private static let derivedKinds: Set<HistoryEvent.Kind> = [.washDone, .dryDone, .extraDryDone, .died, .superseded]

    /// Takes the room for `events` now; `write()` them once the change they record is on disk.
    static func reserve(_ events: [HistoryEvent], at path: String) throws(StoreError) -> PosixFile.ReservedAppend? {
        var events = events
        if events.contains(where: { derivedKinds.contains($0.event) }) {
            let known = Set(read(path).events.compactMap(\.id))
            events.removeAll { derivedKinds.contains($0.event) && known.contains($0.id ?? "") }
        }
        guard !events.isEmpty else { return nil }
        return try PosixFile.ReservedAppend(encode(events), to: path)
    }

    private static func encode(_ events: [HistoryEvent]) -> Data {
        let encoder = JSONCoding.encoder(pretty: false)
        var lines = Data()
        for event in events {
            guard let line = try? encoder.encode(event) else { continue }
            lines += line + Data("\n".utf8)
        }
        return lines
    }

    static func read(_ path: String) -> Contents {
        guard case .data(let data)? = try? PosixFile.read(path, limit: 64 << 20) else {
            return Contents(events: [], unreadableLines: 0)
        }
        return parse(data)
    }

    static func parse(_ data: Data) -> Contents {
        var parser = HistoryLineParser()
        var decoder: JSONDecoder?
        var events: [HistoryEvent] = []
        // Lines laundry writes are 150 to 250 bytes.
        events.reserveCapacity(data.count / 150)
        var unreadable = 0
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < buffer.count {
                let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
                let end = newline.map { $0 - UnsafeMutableRawPointer(mutating: base) } ?? buffer.count
                defer { start = end + 1 }
                guard end > start else { continue }
                let line = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
                if let event = parser.event(line) {
                    events.append(event)
                    continue
                }
                // What the fast reader does not expect, the decoder judges.
                let slow = decoder ?? JSONCoding.decoder()
                decoder = slow
                guard var event = try? slow.decode(HistoryEvent.self, from: Data(line)) else {
                    unreadable += 1
                    continue
                }
                // The same old line on two machines gets the same id, so it is not doubled.
                if event.id == nil { event.id = EventID.derived(from: line) }
                events.append(event)
            }
        }
        return Contents(events: events, unreadableLines: unreadable)
    }
}
