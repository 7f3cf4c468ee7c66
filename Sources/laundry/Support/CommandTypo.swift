import ArgumentParser
import LaundryCore
import LaundryRendering

/// Commands forgive typos as pet names do: an unknown command (`laundry stauts`, `laundry help nonsense`) is refused
/// with the nearest one (`PetMatcher`'s judgement); a bare length after a pet gets the `--for` (or `--by`) it needs.
enum CommandTypo {
    /// Why the command words of `arguments` name no command, or nil when they do (or are options, left to the parser).
    static func unknownCommand(in arguments: [String]) -> String? {
        var command: any ParsableCommand.Type = LaundryCommand.self
        var path = ["laundry"]
        // `help <command>…` names commands too; the help command itself is known at every level.
        for word in arguments.first == "help" ? arguments.dropFirst() : arguments[...] {
            let subcommands = command.configuration.subcommands
            guard !word.hasPrefix("-"), !subcommands.isEmpty, word != "help" else { return nil }
            if let next = subcommands.first(where: { names(of: $0).contains(word) }) {
                command = next
                path.append(word)
                continue
            }
            let suggestion = PetMatcher.nearest(word, among: subcommands.flatMap(names) + ["help"])
            return ErrorText.line(
                for: CommandError.unknownCommand(word, in: path.joined(separator: " "), suggestion: suggestion))
        }
        return nil
    }

    /// For a line the parser refused: the same line with its bare length given to `--for` or `--by`, if that parses.
    static func lengthHint(for arguments: [String]) -> String? {
        for (index, word) in arguments.enumerated().dropFirst() where (try? ArgumentParsing.signedDuration(word)) != nil
        {
            var line = arguments
            line.remove(at: index)
            // Before a `--`, after which every word is the pet.
            let end = line.firstIndex(of: "--") ?? line.endIndex
            for option in ["--for", "--by"] {
                var fixed = line
                fixed.insert(contentsOf: [option, word], at: end)
                guard (try? LaundryCommand.parseAsRoot(fixed)) != nil else { continue }
                let typed = (["laundry"] + fixed.map(ShellQuote.typed)).joined(separator: " ")
                return ErrorText.line(for: CommandError.lengthWithoutOption(option: option, fixed: typed))
            }
        }
        return nil
    }

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        [command.configuration.commandName ?? ""] + command.configuration.aliases
    }
}
