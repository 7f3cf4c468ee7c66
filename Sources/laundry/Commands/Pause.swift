import ArgumentParser
import LaundryCore

struct Pause: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause",
        abstract: "Pause a pet's running timer; the time left is kept until you resume."
    )

    @OptionGroup var target: PetArgument

    func run() throws {
        let context = try AppContext.make()
        defer { context.reportProblems() }
        let state = try context.laundry.perform(.pause, on: target.pet)
        let left = state.liveTimer.map { DurationText.countdown($0.remaining(at: context.now)) } ?? "?"
        print("⏸ Paused \(TerminalText.sanitize(state.pet.name)) with \(left) left. Resume with: laundry resume \(ShellQuote.quote(state.pet.name))")
    }
}
