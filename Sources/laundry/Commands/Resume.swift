import ArgumentParser

extension LaundryCommand {
    struct Resume: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resume",
            abstract: "Resume a paused timer with the time it had left."
        )

        @OptionGroup var target: PetArgument

        func run() throws { try CycleMove.run(.resume, on: target.pet) }
    }
}
