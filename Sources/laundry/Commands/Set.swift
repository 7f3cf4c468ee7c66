import ArgumentParser
import LaundryCore

struct Set: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Rename a pet or change its settings; only the options given change."
    )

    @OptionGroup var target: PetArgument

    @Option(help: ArgumentHelp("A new name, 1 to 30 characters.", valueName: "name"), transform: ArgumentParsing.name)
    var name: PetName?

    @OptionGroup var settings: SettingsOptions

    func validate() throws {
        if name == nil && settings.kind == nil && settings.wash == nil && settings.dry == nil
            && settings.every == nil && settings.lastWashed == nil {
            throw ValidationError("nothing to change; give at least one of --name, --kind, --wash, --dry, --every, --last-washed")
        }
    }

    func run() throws {
        let context = try AppContext.make()
        defer { context.reportProblems() }
        try KindValidation.check(settings.kind, in: context.laundry.kinds)
        let state = try context.laundry.configure(target.pet, try settings.settings(name: name, now: context.now))
        let pet = state.pet
        print("Updated \(TerminalText.sanitize(pet.name)): \(pet.kind), wash \(pet.washDuration), dry \(pet.dryDuration), every \(CycleDays.format(pet.cycleDays)). Health \(pet.health(at: context.now))%.")
    }
}
