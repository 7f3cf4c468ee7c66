import ArgumentParser
import LaundryActions
import LaundryCore
import LaundryRendering

extension LaundryCommand {
    struct Loads: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "loads",
            abstract: "Show each load as a whole, newest first: wash, how long it waited wet, dryer, fold.",
            discussion: """
                With a pet, only its loads; with --last, its newest load step by step. A load's id (4 or \
                more of its first hex digits, from the LOAD column) shows that load step by step.
                """
        )

        @Argument(
            help: ArgumentHelp("Only this pet, or one load by its id.", valueName: "pet-or-load"),
            completion: .custom(ShellCompletion.petNamesAndLoads))
        var target: String?

        @OptionGroup var limit: LimitOption

        @Flag(help: "Show the pet's newest load step by step.")
        var last = false

        @OptionGroup var output: ScriptOutput

        func validate() throws {
            if last && target == nil { throw ValidationError("--last needs a pet: laundry loads <pet> --last") }
        }

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            let laundry = context.laundry
            let now = laundry.now
            var entries: [(pet: Pet, load: LoadRecord)]
            var single = last
            do {
                entries = try laundry.loads(target, limit: last ? 1 : limit.limit)
            } catch let error as PetError {
                guard case .unknownPet = error, let target, let found = try laundry.load(idPrefix: target) else {
                    throw error
                }
                entries = [found]
                single = true
            }
            if output.json {
                try JSONOutput.print(entries.map { LoadJSON(pet: $0.pet, load: $0.load, now: now) })
            } else if output.csv {
                Terminal.write(
                    try CSVText.document(
                        entries.map { LoadJSON(pet: $0.pet, load: $0.load, now: now) }, columns: LoadJSON.csvColumns,
                        header: LoadJSON.csvHeader))
            } else if single, let entry = entries.first {
                print(LoadsView.timeline(entry.pet, entry.load, style: context.style, now: now))
            } else {
                print(LoadsView(entries: entries, kinds: laundry.kinds, style: context.style, now: now).table())
            }
        }
    }
}
