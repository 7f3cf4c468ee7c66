import ArgumentParser
import LaundryCore

extension LaundryCommand {
    struct Snooze: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "snooze",
            abstract: "Hold back a pet's reminders and health warnings for a while (10 minutes unless --for is given)."
        )

        @OptionGroup var target: PetArgument
        @Option(
            name: .customLong("for"), parsing: .unconditional,
            help: ArgumentHelp(
                "How long to hold back its reminders and warnings (else 10 minutes): "
                    + "45m, 1h30m, 90s or 1:30:00 (a bare number is minutes), 1 second to 24 hours.",
                valueName: "duration"),
            transform: ArgumentParsing.duration)
        var length: LaundryDuration?

        func run() throws { try CycleMove.run(.snooze(length), on: target.pet) }
    }
}
