import ArgumentParser

struct MoreDry: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "more-dry",
        abstract: "Dry a dried pet a little longer (10 minutes unless --for is given)."
    )

    @OptionGroup var target: PetArgument
    @OptionGroup var length: ForDurationOption

    func run() throws {
        let context = try AppContext.make()
        defer { context.reportProblems() }
        let state = try context.laundry.perform(.moreDry(length.duration), on: target.pet)
        context.ensureDaemonRunning()
        CycleReport.started(state, verb: "Drying a bit more:", context: context)
    }
}
