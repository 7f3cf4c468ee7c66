import FoundationEssentials
import LaundryCore
import LaundryRendering

/// Why the daemon wants the session kept from suspending, and until when it expects to. Kept as facts: the log says
/// them in English (`english`), the desktop and `daemon status` in the reader's words (`reason`).
public struct AwakeWish: Sendable {
    /// One reason to stay awake.
    public enum Part: Equatable, Sendable {
        /// One load runs: its pet's name, its kind and its end.
        case runs(name: String, kind: LoadKind, ends: Date)
        /// Several run: how many, and when the last one ends.
        case several(count: Int, lastEnds: Date)
        /// One finished load rings, for this pet.
        case waits(name: String)
        /// Several ring.
        case severalWait(count: Int)
    }

    public let parts: [Part]
    /// The last running load's end, or when the bell gives up.
    public let until: Date?
    /// When the wish was made, and where: a clock time says the day only when it is not today.
    let now: Date
    let zone: LocalZone

    init(parts: [Part], until: Date?, now: Date, zone: LocalZone) {
        self.parts = parts
        self.until = until
        self.now = now
        self.zone = zone
    }

    /// "Socks: wash ends at 14:35", "2 loads, the last ends at 15:10", "Socks is done and waiting": the reader's words,
    /// for the desktop's "laundry is preventing suspend" and `daemon status`.
    public var reason: String { parts.map(words).joined(separator: "; ") }

    /// The same in English, for the daemon's log; a time in 24 hours, with its ISO day when not today.
    public var english: String { parts.map(englishLine).joined(separator: "; ") }

    private func words(_ part: Part) -> String {
        switch part {
        case .runs(let name, let kind, let ends):
            let values = ["name": name, "ends": LocalTime.clock(ends, now: now, zone: zone)]
            switch kind {
            case .wash: return Words.text("{name}: wash ends at {ends}", values)
            case .dry: return Words.text("{name}: dryer ends at {ends}", values)
            case .extraDry: return Words.text("{name}: extra drying ends at {ends}", values)
            }
        case .several(let count, let lastEnds):
            return Words.count(
                count, "{count} load, the last ends at {ends}", "{count} loads, the last ends at {ends}",
                ["ends": LocalTime.clock(lastEnds, now: now, zone: zone)])
        case .waits(let name): return Words.text("{name} is done and waiting", ["name": name])
        case .severalWait(let count):
            return Words.count(count, "{count} load is done and waiting", "{count} loads are done and waiting")
        }
    }

    private func englishLine(_ part: Part) -> String {
        switch part {
        case .runs(let name, let kind, let ends):
            let load: String
            switch kind {
            case .wash: load = "wash"
            case .dry: load = "dryer"
            case .extraDry: load = "extra drying"
            }
            return "\(name): \(load) ends at \(englishClock(ends))"
        case .several(let count, let lastEnds): return "\(count) loads, the last ends at \(englishClock(lastEnds))"
        case .waits(let name): return "\(name) is done and waiting"
        case .severalWait(let count): return "\(count) loads are done and waiting"
        }
    }

    private func englishClock(_ date: Date) -> String {
        let fields = zone.fields(of: date)
        let time = DigitText.padded(fields.hour, 2) + ":" + DigitText.padded(fields.minute, 2)
        guard !zone.isDate(date, inSameDayAs: now) else { return time }
        return DigitText.day(year: fields.year, month: fields.month, day: fields.day) + " " + time
    }
}
