import ArgumentParser

extension LaundryCommand {
    struct Dry: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dry",
            abstract: "Start a pet's dryer timer once its wash is done.",
            discussion: "Uses the pet's dry duration unless --for is given. When it ends the pet is 'dried'."
        )

        @OptionGroup var target: PetArgument
        @OptionGroup var length: LengthOption<DryLength>

        func run() throws { try CycleMove.run(.dry(length.length), on: target.pet) }
    }
}
