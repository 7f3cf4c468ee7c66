import ArgumentParser

struct Cancel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel",
        abstract: "Stop a pet's running timer and go back to the stage before it."
    )

    @OptionGroup var target: PetArgument

    func run() throws {
        let context = try AppContext.make()
        defer { context.reportProblems() }
        let state = try context.laundry.perform(.cancel, on: target.pet)
        print("Cancelled. \(TerminalText.sanitize(state.pet.name)) is \(state.pet.stage.rawValue) again (\(state.pet.stage.statusText)).")
    }
}
