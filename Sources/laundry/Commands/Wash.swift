import ArgumentParser
import LaundryCore

extension LaundryCommand {
    struct Wash: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "wash",
            abstract: "Start a pet's wash timer.",
            discussion: "Uses the pet's wash duration unless --for is given. When it ends the pet is 'washed'."
        )

        @OptionGroup var target: PetArgument
        @Option(
            name: .customLong("for"), parsing: .unconditional,
            help: ArgumentHelp(
                "How long this wash takes, this time only (else the pet's wash time): "
                    + "45m, 1h30m, 90s or 1:30:00 (a bare number is minutes), 1 second to 24 hours.",
                valueName: "duration"),
            transform: ArgumentParsing.duration)
        var length: LaundryDuration?

        func run() throws { try CycleMove.run(.wash(length), on: target.pet) }
    }
}
