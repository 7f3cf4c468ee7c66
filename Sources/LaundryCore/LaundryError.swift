import Foundation

/// Everything that can go wrong in a way a user should hear about, each with a one-line message that
/// names the problem and the fix.
public enum LaundryError: Error, Equatable, Sendable {
    case unknownPet(String, suggestion: String?)
    case ambiguousPet(String, candidates: [String])
    case noPets
    case duplicateName(String)
    case invalidName(String, reason: String)
    case unknownKind(String, known: [String])
    case invalidCycleDays(String)
    case illegalMove(command: String, pet: String, stage: Stage, hint: String)
    case notPaused(pet: String)
    case alreadyPaused(pet: String)
    case newerSchema(pet: String, path: String, version: Int)
    case unreadablePet(path: String, reason: String)
    case storage(path: String, reason: String)
    case dataFolderMissing(searched: [String])
    case dataFileBroken(path: String, reason: String)
    case releaseNeedsConfirmation(pet: String)
}

extension LaundryError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case .unknownPet(let query, let suggestion):
            let hint = suggestion.map { "did you mean '\($0)'? " } ?? ""
            return "no pet called '\(Self.printable(query))'; \(hint)see them all with: laundry list"
        case .ambiguousPet(let query, let candidates):
            return "'\(Self.printable(query))' matches \(candidates.count) pets: \(candidates.map { "'\(Self.printable($0))'" }.joined(separator: ", ")); type more of the name"
        case .noPets:
            return "you have no pets yet; adopt one with: laundry adopt <name>"
        case .duplicateName(let name):
            return "a pet called '\(Self.printable(name))' already exists; pick another name or rename it with: laundry set \(ShellQuote.quote(Self.printable(name))) --name NEW"
        case .invalidName(let raw, let reason):
            return "'\(Self.printable(raw))' cannot be a pet name: \(reason)"
        case .unknownKind(let kind, let known):
            return "'\(Self.printable(kind))' is not a kind of laundry; use one of: \(known.joined(separator: ", "))"
        case .invalidCycleDays(let text):
            return "'\(Self.printable(text))' is not a number of days; use a number from 0.01 to 365, for example --every 7"
        case .illegalMove(let command, let pet, let stage, let hint):
            return "cannot \(command) \(Self.printable(pet)): it is \(stage.rawValue) (\(stage.statusText)); \(hint)"
        case .notPaused(let pet):
            return "\(Self.printable(pet))'s timer is not paused; pause it with: laundry pause \(ShellQuote.quote(Self.printable(pet)))"
        case .alreadyPaused(let pet):
            return "\(Self.printable(pet))'s timer is already paused; resume it with: laundry resume \(ShellQuote.quote(Self.printable(pet)))"
        case .newerSchema(let pet, let path, let version):
            return "\(Self.printable(pet)) was saved by a newer laundry (schema \(version)) in \(path); it is shown but not changed — upgrade laundry to change it"
        case .unreadablePet(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .storage(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .dataFolderMissing(let searched):
            return "cannot find laundry's data folder (looked in \(searched.joined(separator: ", "))); set LAUNDRY_DATA_DIR to the folder that holds kinds.json"
        case .dataFileBroken(let path, let reason):
            return "the data file \(path) is broken: \(reason); reinstall laundry or fix LAUNDRY_DATA_DIR"
        case .releaseNeedsConfirmation(let pet):
            return "releasing \(Self.printable(pet)) deletes its files and history; run again with --yes to confirm"
        }
    }

    /// A name shown inside a one-line message: control characters made visible, so a message
    /// stays one line whatever a file holds.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                result += scalar == "\n" ? "\\n" : scalar == "\t" ? "\\t" : "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
