import ArgumentParser
import LaundryRendering

extension LaundryCommand {
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show every pet, or everything about one pet."
        )

        @Argument(
            help: ArgumentHelp(
                "A pet to show in detail: its name, a unique prefix, or 8+ hex digits of its id.",
                valueName: "pet"),
            completion: .custom(ShellCompletion.petNames))
        var pet: String?

        @OptionGroup var output: JSONFlag

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            guard let query = pet else { return try PetListing.show(context, json: output.json) }
            let laundry = context.laundry
            let state = try laundry.pet(query)
            let view = PetView(state: state, kind: laundry.kinds.kindOrFallback(state.pet.kind), now: laundry.now)
            if output.json {
                try JSONOutput.print(PetJSON(view))
            } else {
                print(PetCard(view: view, style: context.style).render())
            }
        }
    }
}
