import ArgumentParser

extension LaundryCommand {
    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel",
            abstract: "Stop a pet's running timer and go back to the stage before it."
        )

        @OptionGroup var target: PetArgument

        func run() throws { try CycleMove.run(.cancel, on: target.pet) }
    }
}
