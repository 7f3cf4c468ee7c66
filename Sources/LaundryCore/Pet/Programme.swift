import FoundationEssentials

/// A named programme of a pet's washer or dryer (`eco`, `quick`), typed with a length and learned
/// from the runs started with it, each on its own. Names are one word, kept lower-case, so a shell
/// completes them and a history line holds them as they were typed.
public enum Programme {
    public static let maximumNameLength = 24

    /// The name as stored, or nil when it cannot be one: empty, too long, or holding anything but
    /// letters, digits, `-` and `_`.
    public static func name(_ typed: String) -> String? {
        let name = typed.lowercased()
        guard (1...maximumNameLength).contains(name.count),
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else { return nil }
        return name
    }

    /// One `set` of programmes as a history line writes it: `eco=8100 quick=1800 spin=-`, a
    /// length in seconds or `-` for a programme removed, sorted by name.
    public static func text(_ changes: [String: Double?]) -> String {
        changes.keys.sorted().map { name in
            "\(name)=\(changes[name].flatMap { $0 }.map { String(Int($0)) } ?? "-")"
        }.joined(separator: " ")
    }

    /// The changes `text` wrote; nil for text it did not write (a hand-edited line).
    public static func changes(_ text: String) -> [String: Double?]? {
        var changes: [String: Double?] = [:]
        for pair in text.split(separator: " ") {
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, let name = name(String(parts[0])), name == parts[0] else { return nil }
            if parts[1] == "-" {
                changes[name] = .some(nil)
            } else {
                guard let seconds = Int(parts[1]), (1...LaundryDuration.maximumSeconds).contains(seconds) else {
                    return nil
                }
                changes[name] = Double(seconds)
            }
        }
        return changes.isEmpty ? nil : changes
    }
}
