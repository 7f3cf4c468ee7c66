import ArgumentParser

extension LaundryCommand {
    struct Fold: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fold",
            abstract: "Finish a pet's cycle: fold it after drying (or air-drying after the wash).",
            discussion: "Health goes back to 100% and the streak grows."
        )

        @OptionGroup var target: PetArgument

        func run() throws { try CycleMove.run(.fold, on: target.pet) }
    }
}
