import ArgumentParser

extension LaundryCommand {
    struct Pause: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pause",
            abstract: "Pause a pet's running timer; the time left is kept until you resume."
        )

        @OptionGroup var target: PetArgument

        func run() throws { try CycleMove.run(.pause, on: target.pet) }
    }
}
