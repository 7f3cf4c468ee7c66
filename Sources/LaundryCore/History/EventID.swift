import FoundationEssentials

/// Every history line's id, so two machines' histories merge by union without doubles: random for what a person did,
/// derived for what any machine would write the same way (the end of a load, a death, a superseded change).
public enum EventID {
    public static func random() -> String {
        hex(UInt64.random(in: 0...UInt64.max))
    }

    /// Same text, same id on every machine and version: FNV-1a, 64 bits (Swift's `Hasher` is seeded per process).
    public static func derived(from text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return hex(value)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension UUID {
    /// The lower-case form that names files and appears in JSON and logs.
    public var lowercasedText: String { uuidString.lowercased() }
}
