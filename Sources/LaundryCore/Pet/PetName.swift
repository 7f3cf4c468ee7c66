/// A pet's name: 1 to 30 characters after trimming, no control characters. Names are data, never
/// paths, so `/`, `..` and markup are kept literally and escaped wherever they are shown.
public struct PetName: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 30

    public let value: String

    public init(_ raw: String) throws(PetError) {
        let trimmed = raw.trimming()
        guard !trimmed.isEmpty else { throw .invalidName(raw, .blank) }
        guard trimmed.count <= Self.maximumLength else {
            throw .invalidName(raw, .tooLong(characters: trimmed.count, limit: Self.maximumLength))
        }
        if let forbidden = trimmed.unicodeScalars.first(where: { UnsafeText.classify($0) != .safe }) {
            throw .invalidName(raw, .invisible(forbidden.value))
        }
        value = trimmed
    }

    public var description: String { value }

    /// A name read from a file: it may hold characters the command line refuses (they are shown
    /// escaped), but never be empty or unreasonably long.
    public static func isValidStored(_ name: String) -> Bool {
        !name.isEmpty && name.count <= maximumLength * 4
    }
}
