import ArgumentParser

extension LaundryCommand {
    struct Wash: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "wash",
            abstract: "Start a pet's wash timer.",
            discussion: "Uses the pet's wash duration unless --for is given. When it ends the pet is 'washed'."
        )

        @OptionGroup var target: PetArgument
        @OptionGroup var length: LengthOption<WashLength>

        func run() throws { try CycleMove.run(.wash(length.length), on: target.pet) }
    }
}
