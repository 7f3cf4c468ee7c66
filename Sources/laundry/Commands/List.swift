import ArgumentParser
import LaundryRendering

extension LaundryCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List every pet: mood, health, stage, time left and when laundry is next due.",
            aliases: ["ls"]
        )

        @OptionGroup var output: JSONFlag

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            try PetListing.show(context, json: output.json)
        }
    }
}

/// The listing `list` and `status` share.
enum PetListing {
    static func show(_ context: AppContext, json: Bool) throws {
        let laundry = context.laundry
        let pets = laundry.pets()
        let now = laundry.now
        let views = pets.map { PetView(state: $0, kinds: laundry.kinds, now: now) }
        if json {
            try JSONOutput.print(views.map(PetJSON.init))
        } else if views.isEmpty {
            print(CommandReport.noPets)
        } else {
            print(PetTable(views: views, style: context.style).render())
            if let next = laundry.nextTurn().next { context.print([HouseholdText.nextLine(next)]) }
        }
    }
}
