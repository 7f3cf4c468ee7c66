import ArgumentParser
import LaundryActions
import LaundryCore
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
        let views = views(laundry.pets(), laundry, loadIDs: json)
        if json {
            try JSONOutput.print(views.map(PetJSON.init))
        } else if views.isEmpty {
            print(CommandReport.noPets)
        } else {
            print(PetTable(views: views, style: context.style).render())
            if let next = laundry.nextTurn().next { context.print([HouseholdText.nextLine(next)]) }
        }
    }

    /// Each pet as shown now; for JSON with the id of the load its cycle is on (past a wash that reads its history,
    /// which a table or a bar, redrawn every second, does not show).
    static func views(_ states: [PetState], _ laundry: Laundry, loadIDs: Bool) -> [PetView] {
        let now = laundry.now
        let dryer = laundry.dryer(for: states)
        return states.map {
            var view = PetView(state: $0, kinds: laundry.kinds, now: now)
            if loadIDs, $0.loadIsCurrent { view.loadID = $0.load.flatMap(laundry.loadID(ofRun:)) }
            if case .busy(let busy) = dryer?.wait(for: $0) { view.dryerBusy = busy }
            return view
        }
    }
}
