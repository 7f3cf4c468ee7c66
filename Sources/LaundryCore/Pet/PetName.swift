/// A pet's name: 1 to 30 characters trimmed, no controls; data, not a path: `/`, `..`, markup kept, escaped when shown.
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

    /// A name read from a file: it may hold what the command line refuses (shown escaped), never be empty or too long.
    public static func isValidStored(_ name: String) -> Bool {
        !name.isEmpty && name.count <= maximumLength * 4
    }
}
