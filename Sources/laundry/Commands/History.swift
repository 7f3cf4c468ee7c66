import ArgumentParser
import LaundryRendering

extension LaundryCommand {
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "Show what happened to one pet, or to all of them, newest first."
        )

        @Argument(help: ArgumentHelp("Only this pet.", valueName: "pet"), completion: .custom(ShellCompletion.petNames))
        var pet: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Show at most this many events (at least 1).", valueName: "count"),
            transform: { try ArgumentParsing.count($0, option: "--limit", in: 1...Int.max, example: 20) })
        var limit: Int?

        @OptionGroup var output: JSONFlag

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            let entries = try context.laundry.history(pet, limit: limit)
            if output.json {
                try JSONOutput.print(entries.map { HistoryEntryJSON(pet: $0.pet, event: $0.event) })
            } else {
                print(HistoryView(entries: entries, kinds: context.laundry.kinds, style: context.style).render())
            }
        }
    }
}
