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
                "A new kind of laundry: changes its emoji; its wash, dry and cycle stay as they are.",
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

        func validate() throws {
            if name == nil && kind == nil && settings.isEmpty && learn == nil {
                throw ValidationError(
                    Words.text(
                        "nothing to change; give at least one of --name, --kind, --wash, --dry, --every, "
                            + "--last-washed, --learn"))
            }
        }

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            try SettingsOptions.checkKind(kind, in: context.laundry.kinds)
            var change = try settings.settings(name: name, kind: kind, now: context.laundry.now)
            change.learns = learn
            let state = try context.laundry.configure(target.pet, change)
            context.print(CommandReport.updated(state.pet, now: context.laundry.now))
        }
    }
}
