import ArgumentParser
import LaundryCore
import LaundryRendering

extension LaundryCommand {
    struct Adopt: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "adopt",
            abstract: "Adopt a new pet: one laundry load with its own timers and health.",
            discussion: """
                Kinds come with defaults (clothes every 5 days, sheets 14, towels 7, delicates 7 with short \
                cycles); any option overrides them. Names are 1 to 30 characters and unique (in any case).
                """
        )

        @Argument(
            help: ArgumentHelp("The pet's name, 1 to 30 characters.", valueName: "name"),
            transform: ArgumentParsing.name)
        var name: PetName

        @Option(
            help: ArgumentHelp(
                "The kind of laundry, by its id or its name in your language (clothes unless given): its emoji, "
                    + "and the wash, dry and cycle it starts with.",
                valueName: "kind"),
            completion: .custom(ShellCompletion.kinds))
        var kind: String?

        @OptionGroup var settings: SettingsOptions

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            let kindID = try SettingsOptions.kindID(kind, in: context.laundry.kinds)
            let pet = try context.laundry.adopt(
                try settings.settings(name: name, kind: kindID, now: context.laundry.now)
            )
            .pet
            let kind = context.laundry.kinds.kindOrFallback(pet.identity.kind)
            context.print(CommandReport.adopted(pet, kind: kind, now: context.laundry.now))
        }
    }
}
