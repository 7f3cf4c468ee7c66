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

        @OptionGroup var limit: LimitOption

        @OptionGroup var output: ScriptOutput

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            let entries = try context.laundry.history(pet, limit: limit.limit)
            if output.json {
                try JSONOutput.print(entries.map { HistoryEntryJSON(pet: $0.pet, event: $0.event, load: $0.load) })
            } else if output.csv {
                Terminal.write(
                    try CSVText.document(
                        entries.map { HistoryEntryJSON(pet: $0.pet, event: $0.event, load: $0.load) },
                        columns: HistoryEntryJSON.csvColumns))
            } else {
                print(HistoryView(entries: entries, kinds: context.laundry.kinds, style: context.style).render())
            }
        }
    }
}
