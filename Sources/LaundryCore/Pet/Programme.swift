/// A washer or dryer programme (`eco`, `quick`), typed with a length or learned; one lower-case word (shell, history).
public enum Programme {
    public static let maximumNameLength = 24

    /// The name as stored; nil if empty, too long, or holding anything but letters, digits, `-` and `_`.
    public static func name(_ typed: String) -> String? {
        let name = typed.lowercased()
        guard (1...maximumNameLength).contains(name.count),
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else { return nil }
        return name
    }

    /// A `set` of programmes as a history line writes it, sorted: `eco=8100 quick=1800 spin=-` (seconds, `-`: removed).
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
