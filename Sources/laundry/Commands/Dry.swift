import ArgumentParser

struct Dry: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dry",
        abstract: "Start a pet's dryer timer once its wash is done.",
        discussion: "Uses the pet's dry duration unless --for is given. When it ends the pet is 'dried'."
    )

    @OptionGroup var target: PetArgument
    @OptionGroup var length: ForDurationOption

    func run() throws {
        let context = try AppContext.make()
        defer { context.reportProblems() }
        let state = try context.laundry.perform(.dry(length.duration), on: target.pet)
        context.ensureDaemonRunning()
        CycleReport.started(state, verb: "Drying", context: context)
    }
}
