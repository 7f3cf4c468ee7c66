import ArgumentParser
import LaundryCore
import LaundryRendering

extension LaundryCommand {
    struct Plan: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plan",
            abstract: "Say when to start the washer and the dryer so a load is done by a time, at the lowest cost.",
            discussion: """
                Uses the pet's learned lengths (else the ones set), the energy its last loads drew as \
                measured (by a plug, or by the machine itself), the prices in config.json (price, tariff) \
                or heard on priceTopic, and quiet hours: no start falls in them. A stage whose energy was \
                never measured is left out of the cost, and named. Without a price for those hours it \
                gives the earliest start that fits. It never switches anything on. Exits 1 when no start \
                fits.
                """
        )

        @OptionGroup var target: PetArgument

        @Option(
            name: .customLong("finish-by"),
            help: ArgumentHelp(
                "Done by this time of day (the next time the clock reads it), as 07:00.", valueName: "time"),
            transform: ArgumentParsing.timeOfDay)
        var finishBy: TimeOfDay

        @Option(
            name: .customLong("max-wait"),
            help: ArgumentHelp(
                "The longest the wet laundry may wait between the washer and the dryer (default 30m): "
                    + DurationHelp.forms + ".",
                valueName: "duration"),
            transform: ArgumentParsing.duration)
        var maxWait: LaundryDuration?

        @OptionGroup var output: JSONFlag

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            let (pet, plan, currency) = try context.laundry.plan(
                target.pet, finishBy: finishBy, maxWaitSeconds: maxWait?.timeInterval ?? LoadPlan.defaultMaxWaitSeconds)
            if output.json {
                try JSONOutput.print(PlanJSON(pet: pet, plan: plan, currency: currency))
            } else {
                context.print(PlanView.lines(pet, plan, currency: currency, now: context.laundry.now))
            }
        }
    }
}
