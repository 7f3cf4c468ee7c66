import Foundation

/// Where two parsed JSON documents first differ, named by its path (`$[2].washSeconds`), with what
/// was expected and what was found: a failing check says which fact differs, not that two dumps do.
public enum JSONDifference {
    /// Nil when `found` and `expected` hold the same facts: the same keys, the same strings, the same
    /// booleans and nulls, numbers within `tolerance` (a value computed to the moment a command ran).
    public static func first(_ found: Any, _ expected: Any, tolerance: Double = 0, at path: String = "$") -> String? {
        switch (found, expected) {
        case (let found as [String: Any], let expected as [String: Any]):
            for key in Set(found.keys).union(expected.keys).sorted() {
                guard let left = found[key] else { return "\(path).\(key): expected \(text(expected[key]!)), missing" }
                guard let right = expected[key] else { return "\(path).\(key): not expected, found \(text(left))" }
                if let difference = first(left, right, tolerance: tolerance, at: "\(path).\(key)") { return difference }
            }
            return nil
        case (let found as [Any], let expected as [Any]):
            guard found.count == expected.count else {
                return "\(path): expected \(expected.count) elements, found \(found.count)"
            }
            for (index, pair) in zip(found, expected).enumerated() {
                if let difference = first(pair.0, pair.1, tolerance: tolerance, at: "\(path)[\(index)]") {
                    return difference
                }
            }
            return nil
        case (let found as NSNumber, let expected as NSNumber) where !isBool(found) && !isBool(expected):
            return abs(found.doubleValue - expected.doubleValue) <= tolerance
                ? nil : "\(path): expected \(expected), found \(found)"
        default:
            return text(found) == text(expected) ? nil : "\(path): expected \(text(expected)), found \(text(found))"
        }
    }

    // JSONSerialization gives booleans as NSNumbers too, of the C type `char`.
    private static func isBool(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    private static func text(_ value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case let string as String: return "\"\(string)\""
        case let number as NSNumber: return isBool(number) ? (number.boolValue ? "true" : "false") : "\(number)"
        default: return "\(value)"
        }
    }
}
