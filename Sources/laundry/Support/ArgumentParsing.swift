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
