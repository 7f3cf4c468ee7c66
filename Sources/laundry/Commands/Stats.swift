import ArgumentParser
import FoundationEssentials
import LaundryCore
import LaundryRendering

extension LaundryCommand {
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Totals, streaks, and a calendar of folded loads per day."
        )

        @Option(help: "How many weeks the calendar shows.")
        var weeks = 16

        @OptionGroup var output: JSONFlag

        func validate() throws {
            guard (1...104).contains(weeks) else { throw ValidationError("--weeks must be between 1 and 104") }
        }

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            let zone = LocalZone.current
            let stats = context.laundry.statistics(weeks: weeks, zone: zone)
            if output.json {
                try JSONOutput.print(StatsJSON(stats, zone: zone))
            } else {
                print(StatsView(stats: stats, style: context.style, zone: zone).render())
            }
        }
    }
}
