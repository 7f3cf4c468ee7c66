import ArgumentParser

extension LaundryCommand {
    struct MoreDry: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "more-dry",
            abstract: "Dry a dried pet a little longer (10 minutes unless --for is given)."
        )

        @OptionGroup var target: PetArgument
        @OptionGroup var length: LengthOption<MoreDryLength>

        func run() throws { try CycleMove.run(.moreDry(length.length), on: target.pet) }
    }
}
