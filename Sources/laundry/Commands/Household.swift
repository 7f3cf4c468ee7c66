import ArgumentParser
import LaundryActions
import LaundryCore
import LaundryRendering

extension LaundryCommand {
    struct Household: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "household",
            abstract: "The household's people, its rotation, and whose turn the next load is.",
            discussion: """
                Each machine's person is its config.json's "person", else its login name.

                laundry household turns Ana Ben Chloe sets a rotation the whole household shares.
                """,
            subcommands: [Show.self, SetTurns.self], defaultSubcommand: Show.self)
    }
}

extension LaundryCommand.Household {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "The people, the rotation and whose turn is next.")

        @OptionGroup var output: JSONFlag

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            let household = context.laundry.household()
            if output.json { return try JSONOutput.print(HouseholdJSON(household)) }
            context.print(HouseholdText.lines(household))
        }
    }

    struct SetTurns: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "turns",
            abstract: "Set the household's rotation, in the order turns come (or --clear it).",
            discussion: """
                A load started by someone in the rotation counts as their turn, whoever's turn it was; \
                the next is the one after them. Every machine of the household sees the same rotation. \
                Each person must be one a machine of the household names (its config.json's "person", else \
                its login name): a turn's reminder goes to their machines first, a nudge to theirs only.
                """)

        @Argument(
            help: ArgumentHelp(
                "The people, in turn, each a machine's person (laundry household lists them).", valueName: "person"))
        var people: [String] = []

        @Flag(help: "Remove the rotation.")
        var clear = false

        func validate() throws {
            if clear && !people.isEmpty {
                throw ValidationError(Words.text("give the people or --clear, not both"))
            }
            if !clear && people.isEmpty {
                throw ValidationError(
                    Words.text("name the people in turn (laundry household turns Ana Ben), or --clear the rotation"))
            }
        }

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            let household = try context.laundry.setTurns(clear ? [] : people)
            context.print(HouseholdText.lines(household))
        }
    }
}
