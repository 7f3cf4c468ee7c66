import ArgumentParser
import LaundryCore

extension LaundryCommand {
    struct Dry: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dry",
            abstract: "Start a pet's dryer timer once its wash is done.",
            discussion: "Uses the pet's dry duration unless --for is given. When it ends the pet is 'dried'."
        )

        @OptionGroup var target: PetArgument
        @Option(
            name: .customLong("for"), parsing: .unconditional,
            help: ArgumentHelp(
                "How long this drying takes, this time only (else the pet's dry time): "
                    + "45m, 1h30m, 90s or 1:30:00 (a bare number is minutes), 1 second to 24 hours.",
                valueName: "duration"),
            transform: ArgumentParsing.duration)
        var length: LaundryDuration?

        func run() throws { try CycleMove.run(.dry(length), on: target.pet) }
    }
}
