import ArgumentParser
import LaundryCore
import LaundryRendering

/// Parsers for option values; a bad value becomes a usage error (exit 64) whose message says what
/// to type instead.
enum ArgumentParsing {
    static func duration(_ text: String) throws -> LaundryDuration {
        do { return try DurationParser.parse(text) } catch { throw ValidationError(error.description) }
    }

    static func cycleDays(_ text: String) throws -> Double {
        do { return try CycleDays.parse(text) } catch {
            throw ValidationError(ErrorText.line(for: error) ?? "\(error)")
        }
    }

    static func name(_ text: String) throws -> PetName {
        do { return try PetName(text) } catch { throw ValidationError(ErrorText.line(for: error) ?? "\(error)") }
    }
}

extension ArgumentParsing {
    /// A whole number in `range`, for `--limit` and `--weeks`; `-1` is read as a value (the
    /// option parses unconditionally), so it is refused with the range, not as a missing value.
    static func count(_ text: String, option: String, in range: ClosedRange<Int>, example: Int) throws -> Int {
        guard let number = Int(text.trimmingSpacesAndTabs()) else {
            throw ValidationError(
                "\(option): '\(UnsafeText.escaped(text))' is not a whole number; for example \(option) \(example)")
        }
        guard range.contains(number) else {
            let allowed =
                range.upperBound == Int.max
                ? "at least \(range.lowerBound)" : "between \(range.lowerBound) and \(range.upperBound)"
            throw ValidationError("\(option) must be \(allowed) (it is \(number))")
        }
        return number
    }

    static func barFormat(_ text: String) throws -> BarFormat {
        guard let format = BarFormat(rawValue: text.lowercased()) else {
            let known = BarFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("'\(UnsafeText.escaped(text))' is not a status format; use one of: \(known)")
        }
        return format
    }

    static func barTemplate(_ text: String) throws -> BarTemplate {
        do { return try BarTemplate(text) } catch { throw ValidationError(BarTemplate.message(for: error)) }
    }
}
