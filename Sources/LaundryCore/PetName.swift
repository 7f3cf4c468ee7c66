/// A pet's name: 1 to 30 characters after trimming, no control characters. Names are data, never
/// paths, so `/`, `..` and markup are kept literally and escaped wherever they are shown.
public struct PetName: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 30

    public let value: String

    public init(_ raw: String) throws(LaundryError) {
        let trimmed = raw.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .invalidName(raw, reason: "a name cannot be empty or blank") }
        guard trimmed.count <= Self.maximumLength else {
            throw .invalidName(raw, reason: "a name can have at most \(Self.maximumLength) characters (this one has \(trimmed.count))")
        }
        let forbidden = trimmed.unicodeScalars.first {
            $0.properties.generalCategory == .control || $0.properties.generalCategory == .lineSeparator
                || $0.properties.generalCategory == .paragraphSeparator || $0.properties.generalCategory == .format && $0.value != 0x200D
        }
        if let forbidden {
            throw .invalidName(raw, reason: "a name cannot contain control characters such as a newline or tab (found U+\(String(forbidden.value, radix: 16, uppercase: true)))")
        }
        value = trimmed
    }

    public var description: String { value }

    /// A name read from a file: it may hold characters the command line refuses (they are shown
    /// escaped), but never be empty or unreasonably long.
    public static func isValidStored(_ name: String) -> Bool {
        !name.isEmpty && name.count <= maximumLength * 4
    }

    /// Names compare without regard to case: `Socks` and `socks` are the same pet.
    public var key: String { value.lowercased() }
}
