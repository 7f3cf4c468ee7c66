import ArgumentParser
import LaundryCore

extension LaundryCommand {
    struct MoreDry: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "more-dry",
            abstract: "Dry a dried pet a little longer (10 minutes unless --for is given)."
        )

        @OptionGroup var target: PetArgument
        @Option(
            name: .customLong("for"), parsing: .unconditional,
            help: ArgumentHelp(
                "How much longer to dry (else 10 minutes): "
                    + "45m, 1h30m, 90s or 1:30:00 (a bare number is minutes), 1 second to 24 hours.",
                valueName: "duration"),
            transform: ArgumentParsing.duration)
        var length: LaundryDuration?

        func run() throws { try CycleMove.run(.moreDry(length), on: target.pet) }
    }
}
