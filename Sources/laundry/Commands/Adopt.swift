import ArgumentParser
import LaundryCore

struct Adopt: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adopt",
        abstract: "Adopt a new pet: one laundry load with its own timers and health.",
        discussion: """
        Kinds come with defaults (clothes every 5 days, sheets 14, towels 7, delicates 7 with short \
        cycles); any option overrides them. Names are 1 to 30 characters and unique (in any case).
        """
    )

    @Argument(help: ArgumentHelp("The pet's name, 1 to 30 characters.", valueName: "name"), transform: ArgumentParsing.name)
    var name: PetName

    @OptionGroup var settings: SettingsOptions

    func run() throws {
        let context = try AppContext.make()
        defer { context.reportProblems() }
        try KindValidation.check(settings.kind, in: context.laundry.kinds)
        let state = try context.laundry.adopt(try settings.settings(name: name, now: context.now))
        let pet = state.pet
        let kind = context.laundry.kinds.kindOrFallback(pet.kind)
        print("\(kind.emoji) Adopted \(TerminalText.sanitize(pet.name)) (\(kind.id)): wash \(pet.washDuration), dry \(pet.dryDuration), every \(CycleDays.format(pet.cycleDays)). Health \(pet.health(at: context.now))%.")
        print("Start its wash with: laundry wash \(ShellQuote.quote(pet.name))")
    }
}

/// Kinds come from the data folder, so they are checked once it is found; a wrong one is still a
/// usage error.
enum KindValidation {
    static func check(_ kind: String?, in catalog: KindCatalog) throws {
        guard let kind, catalog.kind(kind) == nil else { return }
        throw ValidationError("'\(kind)' is not a kind of laundry; use one of: \(catalog.ids.joined(separator: ", "))")
    }
}
