import ArgumentParser
import LaundryCore
import LaundryRendering

extension LaundryCommand {
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Totals, streaks, and a calendar of folded loads per day."
        )

        @Option(
            parsing: .unconditional, help: "How many weeks the calendar shows, between 1 and 104.",
            transform: { try ArgumentParsing.count($0, option: "--weeks", in: 1...104, example: 16) })
        var weeks = 16

        @Flag(
            help: "Per person instead: loads started, wet moves, folds, the wet wait of their loads, their share.")
        var people = false

        @OptionGroup var output: JSONFlag

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            // Settled: one reading of the zone for every date of ten years of loads, not a `stat` each.
            let zone = LocalZone.current.settled()
            let stats = context.laundry.statistics(weeks: weeks, zone: zone)
            if people {
                if output.json { return try JSONOutput.print(stats.people.map(PersonJSON.init)) }
                return print(PeopleView(people: stats.people, style: context.style).render())
            }
            if output.json {
                try JSONOutput.print(StatsJSON(stats, zone: zone))
            } else {
                print(StatsView(stats: stats, style: context.style, zone: zone).render())
            }
        }
    }
}
