import ArgumentParser
import LaundryControl
import LaundryCore
import LaundryRendering

extension LaundryCommand {
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show every pet, or everything about one pet; or a line for a status bar.",
            discussion: """
                With --format, prints what a status bar reads: the pet most in need of attention (the load \
                waiting longest to be moved, else the running timer that ends soonest, else a paused timer, \
                else an unhappy pet), or one empty line when none needs any, which every bar hides. waybar: one \
                JSON object (text, tooltip, class, percentage); i3blocks: full text, short text and colour \
                lines (with --follow, one JSON object a line, for format=json); polybar and tmux: one line \
                in that bar's colour markup; plain: one line; json: every pet, as list --json.

                --template fields: \(BarField.helpList).
                """
        )

        @Argument(
            help: ArgumentHelp(
                "A pet to show in detail: its name, a unique prefix, or 8+ hex digits of its id.",
                valueName: "pet"),
            completion: .custom(ShellCompletion.petNames))
        var pet: String?

        @Option(
            help: ArgumentHelp(
                "A line for a status bar: waybar, i3blocks, polybar, tmux, plain or json.", valueName: "bar"),
            completion: .list(BarFormat.allCases.map(\.rawValue)), transform: ArgumentParsing.barFormat)
        var format: BarFormat?

        @Option(
            help: ArgumentHelp(
                "The bar's text, with fields in braces: '{icon} {name} {left}'. The fields are listed above.",
                valueName: "text"),
            transform: ArgumentParsing.barTemplate)
        var template: BarTemplate?

        @Flag(
            help: """
                Keep running and print a new line whenever the output changes: at once when a pet \
                changes, each second while a countdown shows, else each minute. Ends when its reader does.
                """)
        var follow = false

        @OptionGroup var output: JSONFlag

        func validate() throws {
            if output.json, let format, format != .json {
                throw ValidationError(
                    Words.text("--json and --format {format} ask for two outputs; use one", ["format": format.rawValue])
                )
            }
            if template != nil, barFormat == .json || output.json {
                throw ValidationError(Words.text("--template shapes a bar's text, and json has none; drop one of them"))
            }
        }

        /// What is printed: a bar format if asked (`--follow` or `--template` alone: plain), else the table or card.
        private var barFormat: BarFormat? {
            if let format { return format }
            if output.json { return follow ? .json : nil }
            return follow || template != nil ? .plain : nil
        }

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            if let barFormat {
                let bar = StatusBar(context: context, format: barFormat, template: template, pet: pet)
                return follow ? try StatusFollow.run(bar, context: context) : try bar.printOnce()
            }
            guard let query = pet else { return try PetListing.show(context, json: output.json) }
            let laundry = context.laundry
            let state = try laundry.pet(query)
            let view = PetListing.views([state], laundry, loadIDs: output.json)[0]
            let learned = laundry.learned(state.pet.id)
            let learnedProgrammes = laundry.learnedProgrammes(state.pet.id, state.pet.settings.programmes.keys)
            if output.json {
                var json = PetJSON(view)
                json.learned = PetJSON.LearnedJSON(
                    learns: state.pet.settings.learns, wash: learned.wash, dry: learned.dry,
                    programmes: state.pet.settings.programmes,
                    learnedProgrammes: learnedProgrammes)
                try JSONOutput.print(json)
            } else {
                var card = PetCard(view: view, style: context.style)
                card.learned = learned
                card.learnedProgrammes = learnedProgrammes
                if state.load?.stoppedBy != nil, DaemonLock.isHeld(paths: context.runtime),
                    let broker = DaemonStatus.read(from: context.runtime.status)?.broker
                {
                    card.tumbling = Swift.Set((broker.appliancesTumbling ?? []).compactMap(Appliance.init(rawValue:)))
                }
                print(card.render())
            }
        }
    }
}
