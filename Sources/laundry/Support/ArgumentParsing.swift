import ArgumentParser
import LaundryCore
import LaundryRendering

/// Parsers for option values; a bad value becomes a usage error (exit 64) whose message says what to type instead.
enum ArgumentParsing {
    static func duration(_ text: String) throws -> LaundryDuration {
        do { return try DurationParser.parse(text) } catch {
            throw ValidationError(ErrorText.line(for: error) ?? "\(error)")
        }
    }

    /// A length with an optional sign: `-5m` is five minutes earlier.
    static func signedDuration(_ text: String) throws -> Int {
        let trimmed = text.trimming(\.isSpaceOrTab)
        let negative = trimmed.hasPrefix("-")
        let magnitude = negative || trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed
        // The error names what was typed, sign and all.
        guard let length = try? DurationParser.parse(magnitude) else { return try duration(text).seconds }
        return negative ? -length.seconds : length.seconds
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
    /// A whole number in `range` (`--limit`, `--weeks`); `-1` parses as a value, refused by range, not as missing.
    static func count(_ text: String, option: String, in range: ClosedRange<Int>, example: Int) throws -> Int {
        let digits = text.trimming(\.isSpaceOrTab)
        // Digits too many for an Int are still a number, just out of range.
        if Int(digits) == nil, !digits.isEmpty, digits.drop(while: { $0 == "-" }).allSatisfy(\.isASCII),
            digits.drop(while: { $0 == "-" }).allSatisfy(\.isNumber), digits.count > 1
        {
            throw ValidationError(
                Words.text(
                    "{option} must be {allowed} (it is {value})",
                    ["option": option, "allowed": allowed(range), "value": digits]))
        }
        guard let number = Int(digits) else {
            throw ValidationError(
                Words.text(
                    "{option}: '{value}' is not a whole number; for example {option} {example}",
                    ["option": option, "value": UnsafeText.escaped(text), "example": String(example)]))
        }
        guard range.contains(number) else {
            throw ValidationError(
                Words.text(
                    "{option} must be {allowed} (it is {value})",
                    ["option": option, "allowed": allowed(range), "value": String(number)]))
        }
        return number
    }

    /// "at least 1", "between 1 and 104".
    private static func allowed(_ range: ClosedRange<Int>) -> String {
        range.upperBound == Int.max
            ? Words.text("at least {low}", ["low": String(range.lowerBound)])
            : Words.text(
                "between {low} and {high}", ["low": String(range.lowerBound), "high": String(range.upperBound)])
    }

    static func timeOfDay(_ text: String) throws -> TimeOfDay {
        guard let time = TimeOfDay(text) else {
            throw ValidationError(
                Words.text(
                    "'{value}' is not a time of day; write it as HH:MM, such as 07:00",
                    ["value": UnsafeText.escaped(text)]))
        }
        return time
    }

    /// `eco=2h15m`: a programme's name and its typed length.
    static func programmeLength(_ text: String) throws -> (name: String, length: LaundryDuration) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let name = Programme.name(String(parts[0])) else {
            throw ValidationError(ErrorText.line(for: PetError.invalidProgramme(text)) ?? text)
        }
        return (name, try duration(String(parts[1])))
    }

    /// A programme's name as typed to `wash --programme` or `set --remove-programme`.
    static func programmeName(_ text: String) throws -> String {
        guard let name = Programme.name(text) else {
            throw ValidationError(ErrorText.line(for: PetError.invalidProgramme(text)) ?? text)
        }
        return name
    }

    static func onOff(_ text: String) throws -> Bool {
        switch text.lowercased() {
        case "on": return true
        case "off": return false
        default:
            throw ValidationError(Words.text("'{value}' is neither on nor off", ["value": UnsafeText.escaped(text)]))
        }
    }

    static func barFormat(_ text: String) throws -> BarFormat {
        guard let format = BarFormat(rawValue: text.lowercased()) else {
            let known = BarFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError(
                Words.text(
                    "'{format}' is not a status format; use one of: {formats}",
                    ["format": UnsafeText.escaped(text), "formats": known]))
        }
        return format
    }

    static func barTemplate(_ text: String) throws -> BarTemplate {
        do { return try BarTemplate(text) } catch { throw ValidationError(ErrorText.line(for: error) ?? "\(error)") }
    }
}
