import ArgumentParser
import LaundryCore

struct Resume: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: "Resume a paused timer with the time it had left."
    )

    @OptionGroup var target: PetArgument

    func run() throws {
        let context = try AppContext.make()
        defer { context.reportProblems() }
        let state = try context.laundry.perform(.resume, on: target.pet)
        context.ensureDaemonRunning()
        guard let timer = state.liveTimer else { return }
        print("▶ Resumed \(TerminalText.sanitize(state.pet.name)): \(DurationText.countdown(timer.remaining(at: context.now))) left, done at \(LocalTime.clock(timer.endsAt, now: context.now)).")
    }
}
