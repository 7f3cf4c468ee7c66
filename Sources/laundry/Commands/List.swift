import ArgumentParser

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every pet: mood, health, stage, time left and when laundry is next due.",
        aliases: ["ls"]
    )

    @OptionGroup var output: JSONFlag

    func run() throws {
        let context = try AppContext.make()
        defer { context.reportProblems() }
        try PetListing(context: context).show(json: output.json)
    }
}

/// The listing `list` and `status` share.
struct PetListing {
    let context: AppContext

    func show(json: Bool) throws {
        let states = context.laundry.pets()
        let now = context.now
        let views = states.map { PetView(state: $0, kind: context.laundry.kinds.kindOrFallback($0.pet.kind), now: now) }
        if json {
            try JSONOutput.print(views.map(PetJSON.init))
        } else if views.isEmpty {
            print("No pets yet. Adopt one with: laundry adopt <name>")
        } else {
            print(PetTable(views: views, style: Style(enabled: context.terminal.useColor)).render())
        }
    }
}
