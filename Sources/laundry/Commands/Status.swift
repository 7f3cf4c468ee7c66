import ArgumentParser
import LaundryStore

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show every pet, or everything about one pet."
    )

    @Argument(help: ArgumentHelp("A pet to show in detail: its name, a unique prefix, or 8+ hex digits of its id.", valueName: "pet"),
              completion: .custom(ShellCompletion.petNames))
    var pet: String?

    @OptionGroup var output: JSONFlag

    func run() throws {
        let context = try AppContext.make()
        defer { context.reportProblems() }
        guard let query = pet else {
            try PetListing(context: context).show(json: output.json)
            return
        }
        let state = try context.laundry.pet(query)
        let view = PetView(state: state, kind: context.laundry.kinds.kindOrFallback(state.pet.kind), now: context.now)
        if output.json {
            try JSONOutput.print(PetJSON(view))
        } else {
            print(PetCard(view: view, style: Style(enabled: context.terminal.useColor)).render())
        }
    }
}
