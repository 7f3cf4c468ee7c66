import FoundationEssentials

/// Every history line's id, so two machines' histories merge by union without doubles: random
/// for what a person did, derived for what any machine would write the same way (the end of a
/// load, a death, a superseded change) and for lines written before ids existed.
public enum EventID {
    public static func random() -> String {
        hex(UInt64.random(in: 0...UInt64.max))
    }

    /// The same text gives the same id on every machine and in every version (`Fingerprint`).
    public static func derived<Bytes: Sequence>(from bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var fingerprint = Fingerprint()
        fingerprint.add(bytes)
        return hex(fingerprint.value)
    }

    public static func derived(from text: String) -> String { derived(from: text.utf8) }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
