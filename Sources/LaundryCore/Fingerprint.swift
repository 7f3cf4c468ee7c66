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
