/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state moved by a fixed odd step and mixed on
/// the way out. Small, fast, and its whole sequence follows from the seed, so a failing run can be
/// repeated from the seed it prints.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The seed this generator started from.
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The output mix on its own: spreads related values (a seed plus a case number, say) apart.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    public mutating func below(_ count: Int) -> Int { Int.random(in: 0..<count, using: &self) }
    public mutating func percent(_ chance: Int) -> Bool { below(100) < chance }
    public mutating func element<T>(_ items: [T]) -> T { items[below(items.count)] }

    // MARK: Seeds as text

    /// A seed as a person types it into an environment variable: decimal, or hexadecimal after `0x`.
    public static func parseSeed(_ text: String) -> UInt64? {
        let lower = text.lowercased()
        return lower.hasPrefix("0x") ? UInt64(lower.dropFirst(2), radix: 16) : UInt64(lower)
    }

    /// A seed as failures print it (`0x…`), which `parseSeed` reads back.
    public static func seedText(_ seed: UInt64) -> String { "0x" + String(seed, radix: 16) }

    /// This generator's seed as failures print it.
    public var seedText: String { Self.seedText(seed) }
}
