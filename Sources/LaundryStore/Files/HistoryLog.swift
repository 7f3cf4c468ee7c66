import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore

/// A machine's `history/<uuid>.jsonl`: one JSON event per line, appended to by that machine only.
public enum HistoryLog {
    public struct Contents: Sendable {
        public var events: [HistoryEvent]
        /// Lines that did not parse (a line torn by a crash, or edited by hand); they are skipped.
        public var unreadableLines: Int
    }

    /// Events any machine would write the same way, with the same id: one already in this file is not written twice.
    public static let derivedKinds: Set<HistoryEvent.Kind> = [.washDone, .dryDone, .extraDryDone, .died, .superseded]

    /// Takes the room for `events` now; `write()` them once the change they record is on disk.
    static func reserve(_ events: [HistoryEvent], at path: String) throws(StoreError) -> PosixFile.ReservedAppend? {
        var events = events
        if events.contains(where: { derivedKinds.contains($0.event) }) {
            let known = Set(read(path).events.map(\.id))
            events.removeAll { derivedKinds.contains($0.event) && known.contains($0.id) }
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
        let decoder = JSONCoding.decoder()
        let lines = [UInt8](data).split(separator: UInt8(ascii: "\n"))
        // The lines as one JSON array, decoded at once: a decoder's start for each line was a third of
        // reading a history (callgrind). A line that does not parse spoils it: then one at a time.
        var array: [UInt8] = [UInt8(ascii: "[")]
        array.reserveCapacity(data.count + 2)
        for (index, line) in lines.enumerated() {
            if index > 0 { array.append(UInt8(ascii: ",")) }
            array += line
        }
        array.append(UInt8(ascii: "]"))
        if let events = try? decoder.decode([HistoryEvent].self, from: Data(array)) {
            return Contents(events: events, unreadableLines: 0)
        }
        var events: [HistoryEvent] = []
        var unreadable = 0
        for line in lines {
            if let event = try? decoder.decode(HistoryEvent.self, from: Data(line)) {
                events.append(event)
            } else {
                unreadable += 1
            }
        }
        return Contents(events: events, unreadableLines: unreadable)
    }
}
