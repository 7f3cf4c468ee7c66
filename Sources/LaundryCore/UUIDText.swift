import FoundationEssentials

extension UUID {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The lower-case form that names files and appears in JSON and logs. Written by hand:
    /// `uuidString.lowercased()` cost more than the `stat` it named when the daemon checked a
    /// thousand pets at once, and showed in `list --json` with a thousand pets.
    public var lowercasedText: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var position = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    text[position] = Self.hexDigits[Int(byte >> 4)]
                    text[position + 1] = Self.hexDigits[Int(byte & 0x0f)]
                    position += 2
                }
                return position
            }
        }
    }

    /// The first 8 hex digits, as a table shows a load's id.
    public var shortText: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 8) { text in
                for index in 0..<4 {
                    text[2 * index] = Self.hexDigits[Int(bytes[index] >> 4)]
                    text[2 * index + 1] = Self.hexDigits[Int(bytes[index] & 0x0f)]
                }
                return 8
            }
        }
    }

    /// The order of the ids' text, from their bytes: sorting 1,000 pets by `uuidString` spent a
    /// third of `laundry status` in `snprintf` (callgrind: 270 of 807 million instructions).
    public func sortsBefore(_ other: UUID) -> Bool {
        withUnsafeBytes(of: uuid) { mine in
            withUnsafeBytes(of: other.uuid) { theirs in mine.lexicographicallyPrecedes(theirs) }
        }
    }

    /// Reads `8-4-4-4-12` hex digits of either case, as `UUID(uuidString:)` does, from the bytes of
    /// a file being read; nil for anything else. Foundation parses with `sscanf`, which was a
    /// tenth of reading a year of history (perf: 7.3 % of `laundry loads`, 260,000 lines).
    public init?(utf8 bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 36 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        for position in 0..<36 {
            let byte = bytes[position]
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let value = Self.hexValue(byte) else { return nil }
            if digits < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
            digits += 1
        }
        // The 16 bytes in order: each half's first digits are its most significant.
        self.init(uuid: unsafeBitCast((high.bigEndian, low.bigEndian), to: uuid_t.self))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter + 10 : nil
    }
}
