import FoundationEssentials

/// Finds the pet a user meant: by name (any case), a unique name prefix, or 8+ hex digits of its id; else suggests one.
public struct PetMatcher: Sendable {
    public struct Candidate: Sendable {
        public let id: UUID
        public let name: String
        public init(id: UUID, name: String) {
            self.id = id
            self.name = name
        }
    }

    public static let minimumUUIDPrefix = 8

    private let candidates: [Candidate]

    public init(_ candidates: [Candidate]) { self.candidates = candidates }

    /// Whether two names are one pet's (pets' names are compared without case, here only).
    public static func sameName(_ one: String, _ other: String) -> Bool { one.lowercased() == other.lowercased() }

    public func match(_ rawQuery: String) throws(PetError) -> UUID {
        let query = rawQuery.trimming()
        guard !candidates.isEmpty else { throw .noPets }
        let key = query.lowercased()
        guard !key.isEmpty else { throw .unknownPet(rawQuery, suggestion: nil) }

        if let exact = candidates.first(where: { Self.sameName($0.name, key) }) { return exact.id }

        let byPrefix = candidates.filter { $0.name.lowercased().hasPrefix(key) }
        if byPrefix.count == 1 { return byPrefix[0].id }
        if byPrefix.count > 1 { throw .ambiguousPet(query, candidates: byPrefix.map(\.name).sorted()) }

        let hex = key.replacing("-", with: "")
        if hex.count >= Self.minimumUUIDPrefix, hex.allSatisfy(\.isHexDigit) {
            let byID = candidates.filter { $0.id.lowercasedText.replacing("-", with: "").hasPrefix(hex) }
            if byID.count == 1 { return byID[0].id }
            if byID.count > 1 { throw .ambiguousPet(query, candidates: byID.map(\.name).sorted()) }
        }
        throw .unknownPet(query, suggestion: nearestName(to: key))
    }

    /// The word among `words` that `typed` means (any case, a unique prefix) or most likely means (a typo); for words
    /// that are not pets' names, such as commands.
    public static func nearest(_ typed: String, among words: [String]) -> String? {
        let candidates = words.map { Candidate(id: UUID(), name: $0) }
        do {
            let id = try PetMatcher(candidates).match(typed)
            return candidates.first { $0.id == id }?.name
        } catch .unknownPet(_, let suggestion) { return suggestion } catch { return nil }
    }

    /// The nearest name by edit distance (a likely typo), or one holding the text; starts count too ("sox": "Socks").
    func nearestName(to key: String) -> String? {
        let scored = candidates.map { candidate -> (name: String, distance: Int, whole: Int) in
            let name = candidate.name.lowercased()
            let whole = EditDistance.between(key, name)
            let start = EditDistance.between(key, String(name.prefix(key.count)))
            return (candidate.name, min(whole, start + 1), whole)
        }
        if let best = scored.min(by: { ($0.distance, $0.whole) < ($1.distance, $1.whole) }),
            best.distance <= max(2, key.count / 3)
        {
            return best.name
        }
        return candidates.first { $0.name.lowercased().contains(key) }?.name
    }
}
