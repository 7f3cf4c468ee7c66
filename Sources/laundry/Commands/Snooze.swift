import ArgumentParser

extension LaundryCommand {
    struct Snooze: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "snooze",
            abstract: "Hold back a pet's reminders and health warnings for a while (10 minutes unless --for is given)."
        )

        @OptionGroup var target: PetArgument
        @OptionGroup var length: LengthOption<SnoozeLength>

        func run() throws { try CycleMove.run(.snooze(length.length), on: target.pet) }
    }
}
