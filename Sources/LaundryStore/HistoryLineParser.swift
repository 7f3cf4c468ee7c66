import FoundationEssentials
import LaundryCore

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Reads a history line as laundry writes it (one flat JSON object of known keys) straight from
/// the file's bytes. With `JSONDecoder` alone the 52,000 lines of ten years of 20 pets took 754 ms
/// against 137 ms (hyperfine; bench row "`laundry history --limit 20`, 20 pets with ten years of
/// weekly loads, the first time"). Anything this does not expect — an escape, a value of another
/// type, an unknown or doubled key, text that is not UTF-8 — it leaves to `JSONDecoder` by
/// returning nil, so every line means the same whichever of the two reads it
/// (`HistoryLineParserTests` holds it to that).
struct HistoryLineParser {
    /// The last machine id read: a file's lines come from one machine, so they share one string.
    private var lastDevice: (bytes: [UInt8], text: String)?
    /// The last pet id read, as bytes: a file holds one pet's events.
    private var lastPet: (bytes: [UInt8], id: UUID)?

    private enum Key: UInt16 {
        case id = 1
        case device = 2
        case at = 4
        case event = 8
        case petID = 16
        case timerID = 32
        case stamp = 64
        case changed = 128
        case by = 256
    }

    mutating func event(_ line: UnsafeRawBufferPointer) -> HistoryEvent? {
        var cursor = JSONCursor(line)
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        var seen: UInt16 = 0
        var id: String?
        var device: String?
        var at: Date?
        var kind: HistoryEvent.Kind?
        var petID: UUID?
        var timerID: UUID?
        var fields = HistoryFields()
        var seenFields: UInt32 = 0
        var stamp: PartStamp?
        var changed: [HistoryEvent.PartChange]?
        var by: String?
        var first = true
        while !cursor.take(UInt8(ascii: "}")) {
            guard first || cursor.take(UInt8(ascii: ",")) else { return nil }
            first = false
            guard let name = cursor.string(), cursor.take(UInt8(ascii: ":")) else { return nil }
            guard let key = Self.key(name) else {
                guard let field = Self.fieldKeys.firstIndex(where: { $0.name.elementsEqual(name) }),
                    seenFields & 1 << field == 0,
                    cursor.takeNull() || Self.read(Self.fieldKeys[field].key, into: &fields, &cursor)
                else { return nil }
                seenFields |= 1 << field
                continue
            }
            guard seen & key.rawValue == 0 else { return nil }
            seen |= key.rawValue
            switch key {
            case .id:
                if !cursor.takeNull() {
                    guard let value = cursor.text() else { return nil }
                    id = value
                }
            case .device:
                if !cursor.takeNull() {
                    guard let value = deviceText(&cursor) else { return nil }
                    device = value
                }
            case .at:
                guard let text = cursor.token(), let date = Timestamp.parse(text) else { return nil }
                at = date
            case .event:
                guard let text = cursor.token(), let value = Self.kind(text) else { return nil }
                kind = value
            case .petID:
                guard let text = cursor.token(), let value = petUUID(text) else { return nil }
                petID = value
            case .timerID:
                if !cursor.takeNull() {
                    guard let text = cursor.token(), let value = UUID(utf8: text) else { return nil }
                    timerID = value
                }
            case .stamp:
                if !cursor.takeNull() {
                    guard let value = partStamp(&cursor) else { return nil }
                    stamp = value
                }
            case .changed:
                if !cursor.takeNull() {
                    guard let value = partChanges(&cursor) else { return nil }
                    changed = value
                }
            case .by:
                if !cursor.takeNull() {
                    guard let value = cursor.text() else { return nil }
                    by = value
                }
            }
        }
        guard cursor.atEnd, let at, let kind, let petID else { return nil }
        // The same old line on two machines gets the same id, so it is not doubled.
        var event = HistoryEvent(
            at: at, event: kind, petID: petID, timerID: timerID, detail: fields.detail(for: kind),
            id: id ?? EventID.derived(from: line),
            device: device)
        event.stamp = stamp
        event.changed = changed
        event.by = by
        return event
    }

    private mutating func petUUID(_ raw: UnsafeRawBufferPointer) -> UUID? {
        if let lastPet, lastPet.bytes.count == raw.count,
            lastPet.bytes.withUnsafeBytes({ memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0 })
        {
            return lastPet.id
        }
        guard let id = UUID(utf8: raw) else { return nil }
        lastPet = (Array(raw), id)
        return id
    }

    private mutating func deviceText(_ cursor: inout JSONCursor) -> String? {
        guard let raw = cursor.string() else { return nil }
        if let lastDevice, lastDevice.bytes.count == raw.count,
            lastDevice.bytes.withUnsafeBytes({ memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0 })
        {
            return lastDevice.text
        }
        guard let text = JSONCursor.validText(raw) else { return nil }
        lastDevice = (Array(raw), text)
        return text
    }

    /// `{"at": …, "device": …}`, both there, nothing else.
    private mutating func partStamp(_ cursor: inout JSONCursor) -> PartStamp? {
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        var at: Date?
        var device: String?
        var first = true
        while !cursor.take(UInt8(ascii: "}")) {
            guard first || cursor.take(UInt8(ascii: ",")) else { return nil }
            first = false
            guard let name = cursor.string(), cursor.take(UInt8(ascii: ":")) else { return nil }
            if at == nil, name.equals("at") {
                guard let text = cursor.token(), let date = Timestamp.parse(text) else { return nil }
                at = date
            } else if device == nil, name.equals("device") {
                guard let text = deviceText(&cursor) else { return nil }
                device = text
            } else {
                return nil
            }
        }
        guard let at, let device else { return nil }
        var stamp = PartStamp(at: at, device: device)
        stamp.at = at  // as `JSONDecoder` gives it: the initializer's rounding can move the last bit
        return stamp
    }

    /// `[{"part": …, "after": {…}}, …]`, `after` left out or null for a part's first version.
    private mutating func partChanges(_ cursor: inout JSONCursor) -> [HistoryEvent.PartChange]? {
        guard cursor.take(UInt8(ascii: "[")) else { return nil }
        var changes: [HistoryEvent.PartChange] = []
        while !cursor.take(UInt8(ascii: "]")) {
            guard changes.isEmpty || cursor.take(UInt8(ascii: ",")), cursor.take(UInt8(ascii: "{")) else {
                return nil
            }
            var part: PetPart?
            var after: PartStamp??
            var first = true
            while !cursor.take(UInt8(ascii: "}")) {
                guard first || cursor.take(UInt8(ascii: ",")) else { return nil }
                first = false
                guard let name = cursor.string(), cursor.take(UInt8(ascii: ":")) else { return nil }
                if part == nil, name.equals("part") {
                    guard let text = cursor.token(),
                        let value = PetPart(rawValue: String(decoding: text, as: UTF8.self))
                    else { return nil }
                    part = value
                } else if after == nil, name.equals("after") {
                    if cursor.takeNull() {
                        after = .some(nil)
                    } else {
                        guard let value = partStamp(&cursor) else { return nil }
                        after = value
                    }
                } else {
                    return nil
                }
            }
            guard let part else { return nil }
            changes.append(HistoryEvent.PartChange(part: part, after: after ?? nil))
        }
        return changes
    }

    /// Every kind's name as bytes: matching them costs less than making a `String` of each line's.
    private static let kinds = HistoryEvent.Kind.allCases.map { (name: Array($0.rawValue.utf8), kind: $0) }

    private static func kind(_ name: UnsafeRawBufferPointer) -> HistoryEvent.Kind? {
        kinds.first { $0.name.count == name.count && $0.name.elementsEqual(name) }?.kind
    }

    /// The fact fields' names as bytes, with their keys, in `HistoryFields.Key` order.
    private static let fieldKeys = HistoryFields.Key.allCases.map { (name: Array($0.rawValue.utf8), key: $0) }

    /// Reads the value of the fact field `key`; false for a value of another type (left to
    /// `JSONDecoder`).
    private static func read(
        _ key: HistoryFields.Key, into fields: inout HistoryFields, _ cursor: inout JSONCursor
    ) -> Bool {
        func named<Value: RawRepresentable<String>>(_: Value.Type) -> Value? { cursor.text().flatMap(Value.init) }
        switch key {
        case .name:
            fields.name = cursor.text()
            return fields.name != nil
        case .oldName:
            fields.oldName = cursor.text()
            return fields.oldName != nil
        case .petKind:
            fields.petKind = cursor.text()
            return fields.petKind != nil
        case .seconds:
            fields.seconds = cursor.number()
            return fields.seconds != nil
        case .remainingSeconds:
            fields.remainingSeconds = cursor.number()
            return fields.remainingSeconds != nil
        case .washSeconds:
            fields.washSeconds = cursor.number()
            return fields.washSeconds != nil
        case .drySeconds:
            fields.drySeconds = cursor.number()
            return fields.drySeconds != nil
        case .cycleDays:
            fields.cycleDays = cursor.number()
            return fields.cycleDays != nil
        case .cycle:
            fields.cycle = cursor.integer()
            return fields.cycle != nil
        case .timerKind:
            fields.timerKind = named(TimerKind.self)
            return fields.timerKind != nil
        case .stoppedBy:
            fields.stoppedBy = named(Appliance.self)
            return fields.stoppedBy != nil
        case .lostEvent:
            fields.lostEvent = named(HistoryEvent.Kind.self)
            return fields.lostEvent != nil
        case .lostPart:
            fields.lostPart = named(PetPart.self)
            return fields.lostPart != nil
        case .lastWashed:
            fields.lastWashed = cursor.string().flatMap(Timestamp.parse)
            return fields.lastWashed != nil
        case .learns:
            fields.learns = cursor.boolean()
            return fields.learns != nil
        case .programme:
            fields.programme = cursor.text()
            return fields.programme != nil
        case .programmes:
            fields.programmes = cursor.text()
            return fields.programmes != nil
        case .appliance:
            fields.appliance = named(Appliance.self)
            return fields.appliance != nil
        case .wattHours:
            fields.wattHours = cursor.number()
            return fields.wattHours != nil
        case .cost:
            fields.cost = cursor.number()
            return fields.cost != nil
        case .currency:
            fields.currency = cursor.text()
            return fields.currency != nil
        }
    }

    private static func key(_ name: UnsafeRawBufferPointer) -> Key? {
        switch name.count {
        case 2: return name.equals("id") ? .id : name.equals("at") ? .at : name.equals("by") ? .by : nil
        case 5:
            return name.equals("event") ? .event : name.equals("petID") ? .petID : name.equals("stamp") ? .stamp : nil
        case 6: return name.equals("device") ? .device : nil
        case 7: return name.equals("timerID") ? .timerID : name.equals("changed") ? .changed : nil
        default: return nil
        }
    }
}

/// A position in one line of JSON, for `HistoryLineParser`: only what its lines hold.
private struct JSONCursor {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return index == bytes.count
        }
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): index += 1
            default: return
            }
        }
    }

    /// The byte, after any white space; false (nothing taken) for anything else.
    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// `true` or `false`; nil (nothing taken) for anything else.
    mutating func boolean() -> Bool? {
        skipSpace()
        for (word, value, length) in [("true" as StaticString, true, 4), ("false", false, 5)]
        where bytes.count - index >= length
            && UnsafeRawBufferPointer(rebasing: bytes[index..<index + length]).equals(word)
        {
            index += length
            return value
        }
        return nil
    }

    mutating func takeNull() -> Bool {
        skipSpace()
        guard bytes.count - index >= 4, UnsafeRawBufferPointer(rebasing: bytes[index..<index + 4]).equals("null")
        else { return false }
        index += 4
        return true
    }

    /// A string's bytes between its quotes; nil if it holds an escape or a control character (left
    /// to `JSONDecoder`), or is not a string.
    mutating func string() -> UnsafeRawBufferPointer? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        // A local position, not `index`: the loop runs on every byte of the file.
        var position = index
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                defer { index = position + 1 }
                return UnsafeRawBufferPointer(start: bytes.baseAddress! + index, count: position - index)
            }
            guard byte != UInt8(ascii: "\\"), byte >= 0x20 else { return nil }
            position += 1
        }
        return nil
    }

    /// A number in JSON's grammar (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`) and
    /// finite, as `JSONDecoder` reads it into a `Double`; nil for anything else, which is left to it.
    mutating func number() -> Double? {
        skipSpace()
        let start = index
        _ = takeByte(UInt8(ascii: "-"))
        guard wholeDigits() else { return nil }
        if takeByte(UInt8(ascii: ".")) { guard digits() > 0 else { return nil } }
        if takeByte(UInt8(ascii: "e")) || takeByte(UInt8(ascii: "E")) {
            _ = takeByte(UInt8(ascii: "+")) || takeByte(UInt8(ascii: "-"))
            guard digits() > 0 else { return nil }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        // What rounds to infinity or, from digits that are not all zero, to zero is the decoder's to judge.
        guard let value = Double(text), value.isFinite, value != 0 || !text.contains(where: \.isNonZeroDigit)
        else { return nil }
        return value
    }

    /// A whole number as JSON writes it (no sign, no leading zero, at most 18 digits); anything
    /// else is left to `JSONDecoder`'s rules for an `Int`.
    mutating func integer() -> Int? {
        skipSpace()
        let start = index
        guard wholeDigits(), index - start < 19 else { return nil }
        return Int(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    /// `0`, or a digit from 1 to 9 and any digits after it.
    private mutating func wholeDigits() -> Bool {
        if takeByte(UInt8(ascii: "0")) { return index == bytes.count || !Self.isDigit(bytes[index]) }
        return digits() > 0
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func takeByte(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// A string's bytes up to the next quote, for a value whose own reader refuses a backslash or
    /// a control character (an id, a time, a name of a kind): an escape is never taken as its text.
    mutating func token() -> UnsafeRawBufferPointer? {
        guard take(UInt8(ascii: "\"")), let base = bytes.baseAddress,
            let quote = memchr(base + index, Int32(UInt8(ascii: "\"")), bytes.count - index)
        else { return nil }
        let end = UnsafeRawPointer(quote) - base
        defer { index = end + 1 }
        return UnsafeRawBufferPointer(start: base + index, count: end - index)
    }

    /// A string as text: nil unless it is valid UTF-8, as `JSONDecoder` requires.
    mutating func text() -> String? { string().flatMap(Self.validText) }

    static func validText(_ raw: UnsafeRawBufferPointer) -> String? {
        if !raw.contains(where: { $0 >= 0x80 }) { return String(decoding: raw, as: UTF8.self) }
        return String(validating: raw, as: UTF8.self)
    }
}

extension UnsafeRawBufferPointer {
    fileprivate func equals(_ text: StaticString) -> Bool {
        count == text.utf8CodeUnitCount && memcmp(baseAddress!, text.utf8Start, count) == 0
    }
}

extension Character {
    fileprivate var isNonZeroDigit: Bool { ("1"..."9").contains(self) }
}
