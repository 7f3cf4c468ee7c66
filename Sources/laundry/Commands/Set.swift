import ArgumentParser
import LaundryCore
import LaundryRendering

extension LaundryCommand {
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Rename a pet or change its settings; only the options given change."
        )

        @OptionGroup var target: PetArgument

        @Option(
            help: ArgumentHelp("A new name, 1 to 30 characters.", valueName: "name"), transform: ArgumentParsing.name)
        var name: PetName?

        @Option(
            help: ArgumentHelp(
                "A new kind of laundry, by its id or its name in your language: changes its emoji; its wash, dry and "
                    + "cycle stay as they are.",
                valueName: "kind"),
            completion: .custom(ShellCompletion.kinds))
        var kind: String?

        @OptionGroup var settings: SettingsOptions

        @Option(
            help: ArgumentHelp(
                "on: a wash or dryer started without a length takes the one learned from its last loads; off: "
                    + "the one set with --wash or --dry.",
                valueName: "on|off"),
            completion: .list(["on", "off"]), transform: ArgumentParsing.onOff)
        var learn: Bool?

        @Option(
            name: .customLong("programme"),
            help: ArgumentHelp(
                "A named programme and its length (eco=2h15m), for wash or dry --programme; repeat it for more.",
                valueName: "name=duration"),
            transform: ArgumentParsing.programmeLength)
        var programmes: [(name: String, length: LaundryDuration)] = []

        @Option(
            name: .customLong("remove-programme"),
            help: ArgumentHelp("A named programme to remove; repeat it for more.", valueName: "name"),
            completion: .custom(ShellCompletion.programmes), transform: ArgumentParsing.programmeName)
        var removedProgrammes: [String] = []

        func validate() throws {
            if name == nil && kind == nil && settings.isEmpty && learn == nil && programmes.isEmpty
                && removedProgrammes.isEmpty
            {
                throw ValidationError(
                    Words.text(
                        "nothing to change; give at least one of --name, --kind, --wash, --dry, --every, "
                            + "--last-washed, --learn, --programme, --remove-programme"))
            }
        }

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            let kindID = try SettingsOptions.kindID(kind, in: context.laundry.kinds)
            // A programme to remove that the pet does not have is a typo, not a change.
            if !removedProgrammes.isEmpty {
                let pet = try context.laundry.pet(target.pet).pet
                for name in removedProgrammes where pet.settings.programmes[name] == nil {
                    throw PetError.unknownProgramme(
                        name, pet: pet.identity.name, known: pet.settings.programmes.keys.sorted())
                }
            }
            var change = try settings.settings(name: name, kind: kindID, now: context.laundry.now)
            change.learns = learn
            for name in removedProgrammes { change.programmes[name] = .some(nil) }
            for programme in programmes { change.programmes[programme.name] = programme.length }
            let state = try context.laundry.configure(target.pet, change)
            let kind = context.laundry.kinds.kindOrFallback(state.pet.identity.kind)
            context.print(CommandReport.updated(state.pet, kind: kind, now: context.laundry.now))
        }
    }
}
