import FoundationEssentials

/// FNV-1a, 64 bits: the same bytes give the same value on every machine and in every process
/// (Swift's `Hasher` is seeded per process). Event ids derived from a line, and what a cache of
/// load records was derived from, are told apart by it.
public struct Fingerprint: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    /// A long run of bytes, eight at a time: the sum of a cache file of megabytes, where a byte at
    /// a time cost 30 ms. Not the same value `add` gives for the same bytes.
    public mutating func addWords(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset + 8 <= bytes.count {
            value = (value ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01b3
            value ^= value >> 29
            offset += 8
        }
        add(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
    }

    public mutating func add(_ number: UInt64) { withUnsafeBytes(of: number.littleEndian) { add($0) } }

    public mutating func add(_ text: String?) {
        guard let text else { return add(UInt64.max) }
        add(UInt64(text.utf8.count))
        add(text.utf8)
    }

    public mutating func add(_ date: Date?) { add(date.map { $0.timeIntervalSince1970.bitPattern } ?? UInt64.max) }

    public mutating func add(_ id: UUID?) {
        guard let id else { return add(UInt64.max) }
        withUnsafeBytes(of: id.uuid) { add($0) }
    }
}
