import FoundationEssentials

/// Fields laid end to end, little-endian, for `LoadCache`: decoding its 10,400 records as JSON
/// would cost about what deriving them does (bench row "`laundry loads`, 20 pets with ten years of
/// weekly loads, the second time"). A missing value is written as all ones.
struct BinaryWriter {
    var bytes: [UInt8] = []

    mutating func add(_ number: UInt64) { withUnsafeBytes(of: number.littleEndian) { bytes += $0 } }
    mutating func add(_ number: UInt32) { withUnsafeBytes(of: number.littleEndian) { bytes += $0 } }
    mutating func add(_ number: UInt8) { bytes.append(number) }
    mutating func add(_ flag: Bool) { bytes.append(flag ? 1 : 0) }
    mutating func add(_ index: UInt32?) { add(index ?? UInt32.max) }
    mutating func add(_ date: Date) { add(date.timeIntervalSince1970.bitPattern) }
    mutating func add(_ date: Date?) { add(date.map { $0.timeIntervalSince1970.bitPattern } ?? UInt64.max) }

    mutating func add(_ id: UUID) { withUnsafeBytes(of: id.uuid) { bytes += $0 } }

    mutating func add(_ id: UUID?) {
        add(id != nil)
        if let id { add(id) }
    }

    mutating func add(_ text: String) {
        add(UInt32(text.utf8.count))
        bytes += text.utf8
    }
}

/// Reads what `BinaryWriter` wrote; every read is nil past the end, and an optional's is nil
/// when it cannot be read (`.some(nil)`: written as missing).
struct BinaryReader {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var remaining: Int { bytes.count - position }
    /// How far into the bytes the next read starts.
    var offset: Int { position }

    mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, count <= remaining, let base = bytes.baseAddress else { return nil }
        defer { position += count }
        return UnsafeRawBufferPointer(start: base + position, count: count)
    }

    mutating func uint64() -> UInt64? { take(8).map { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) } }
    mutating func uint32() -> UInt32? { take(4).map { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) } }
    mutating func uint8() -> UInt8? { take(1).map { $0[0] } }

    mutating func bool() -> Bool? {
        guard let byte = uint8(), byte <= 1 else { return nil }
        return byte == 1
    }

    mutating func date() -> Date? {
        guard let bits = uint64(), bits != UInt64.max else { return nil }
        return Self.plausible(Double(bitPattern: bits))
    }

    mutating func optionalDate() -> Date?? {
        guard let bits = uint64() else { return nil }
        if bits == UInt64.max { return .some(nil) }
        return Self.plausible(Double(bitPattern: bits)).map { .some($0) }
    }

    /// A moment in years 1 to 9999, as every file's timestamps are: an infinite or absurd one
    /// (a file made by hand, its sum made to match) would trap where it is turned into a day.
    private static func plausible(_ seconds: Double) -> Date? {
        guard seconds.isFinite, seconds > -62_135_596_801, seconds < 253_402_300_800 else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    mutating func uuid() -> UUID? {
        take(16).map { raw in
            var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: raw) }
            return UUID(uuid: value)
        }
    }

    mutating func optionalUUID() -> UUID?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        return uuid().map { .some($0) }
    }

    /// An index written by `add(_: UInt32?)`, checked against the table it points into.
    mutating func optionalIndex(below count: Int) -> Int?? {
        guard let raw = uint32() else { return nil }
        if raw == UInt32.max { return .some(nil) }
        return Int(raw) < count ? .some(Int(raw)) : nil
    }

    mutating func string() -> String? {
        guard let count = uint32(), let raw = take(Int(count)) else { return nil }
        return String(validating: raw, as: UTF8.self)
    }
}
