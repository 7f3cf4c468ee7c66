import ArgumentParser
import LaundryActions

/// The `<pet>` argument every pet command takes, with completion of the current pets' names.
struct PetArgument: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "The pet: its name (any case), a unique prefix of it, or 8+ hex digits of its id.", valueName: "pet"),
        completion: .custom(ShellCompletion.petNames)
    )
    var pet: String
}

/// Dynamic completions. They run inside the user's shell at every Tab, so they read as little as
/// possible and never print an error into the prompt.
enum ShellCompletion {
    @Sendable static func petNames(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let key = prefix.lowercased()
        return Laundry.petNames().filter { $0.lowercased().hasPrefix(key) }.sorted()
    }

    @Sendable static func kinds(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        Laundry.kindNames().filter { $0.hasPrefix(prefix.lowercased()) }
    }
}
