import ArgumentParser
import LaundryActions
import LaundryCore

/// The `<pet>` argument every pet command takes, with completion of the current pets' names.
struct PetArgument: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "The pet: its name (any case), a unique prefix of it, or 8+ hex digits of its id.", valueName: "pet"),
        completion: .custom(ShellCompletion.petNames)
    )
    var pet: String
}

/// Dynamic completions: they run in the user's shell at every Tab, so they read little and never print into the prompt.
enum ShellCompletion {
    @Sendable static func petNames(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let key = prefix.lowercased()
        return offered(Laundry.petNames().filter { $0.lowercased().hasPrefix(key) }.sorted())
    }

    /// Names as each shell reads them back whole: bash's `compgen -W` expands every word (quotes removed, `$x` read),
    /// so it gets each quoted; zsh's `_describe` ends a word at a colon, so it gets colons escaped.
    private static func offered(_ names: [String]) -> [String] {
        switch CompletionShell.requesting {
        case .bash: return names.map(ShellQuote.quote)
        case .zsh: return names.map { $0.replacing("\\", with: "\\\\").replacing(":", with: "\\:") }
        default: return names
        }
    }

    /// Pet names, and the first 8 hex digits of every load's id (newest first) once the typed word could start one.
    @Sendable static func petNamesAndLoads(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let names = petNames(words, index, prefix)
        guard prefix.allSatisfy(\.isHexDigit) else { return names }
        let loads = Laundry.loadIDs().map { String($0.prefix(8)) }.filter { $0.hasPrefix(prefix.lowercased()) }
        return names + loads
    }

    /// The programmes of the pet named on the line (every pet's, until one is named).
    @Sendable static func programmes(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let key = prefix.lowercased()
        return Laundry.programmeNames(ofPetIn: words).filter { $0.hasPrefix(key) }
    }

    @Sendable static func kinds(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        Laundry.kindNames().filter { $0.hasPrefix(prefix.lowercased()) }
    }
}
